import type { System, SystemInput } from '#contract';
import { jsonText, parseJsonObject, wholeNumber } from '../common/json-text.ts';
import type { FieldFailure } from '../common/problem.ts';
import { t } from '../../i18n/i18n.svelte.ts';

/** A system as its edit form holds it: text for what is typed, so any input is representable. */
export interface SystemDraft {
  name: string;
  description: string;
  email: string;
  capacity: string;
  features: string;
  bookable: boolean;
  installed_ui_devices: string;
  support_url: string;
  zones: string[];
  modules: string[];
  settings: string;
}
export type DraftField = keyof SystemDraft;

export const DRAFT_FIELDS: readonly DraftField[] = [
  'name',
  'description',
  'email',
  'capacity',
  'features',
  'bookable',
  'installed_ui_devices',
  'support_url',
  'zones',
  'modules',
  'settings',
];

export function emptyDraft(): SystemDraft {
  return {
    name: '',
    description: '',
    email: '',
    capacity: '',
    features: '',
    bookable: false,
    installed_ui_devices: '',
    support_url: '',
    zones: [],
    modules: [],
    settings: '{}',
  };
}

export function draftOf(system: System): SystemDraft {
  return {
    name: system.name,
    description: system.description ?? '',
    email: system.email ?? '',
    capacity: system.capacity === undefined ? '' : String(system.capacity),
    features: system.features.join(', '),
    bookable: system.bookable ?? false,
    installed_ui_devices:
      system.installed_ui_devices === undefined ? '' : String(system.installed_ui_devices),
    support_url: system.support_url ?? '',
    zones: [...system.zones],
    modules: [...system.modules],
    settings: jsonText(system.settings),
  };
}

export function sameField(a: SystemDraft, b: SystemDraft, field: DraftField): boolean {
  const x = a[field];
  const y = b[field];
  return Array.isArray(x) && Array.isArray(y)
    ? x.length === y.length && x.every((v, i) => v === y[i])
    : x === y;
}

export const splitFeatures = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((f) => f.trim())
    .filter((f) => f.length > 0);

export type Changes =
  | { ok: true; changes: SystemInput; count: number }
  | { ok: false; failures: FieldFailure[] };

/**
 * Only the fields the person changed go to the service, so an update never overwrites what someone
 * else changed in another field. Parse problems are reported per field before anything is sent.
 * A new system is the change from an empty draft.
 */
export function changesOf(base: SystemDraft, draft: SystemDraft): Changes {
  const changes: SystemInput = {};
  const failures: FieldFailure[] = [];
  let count = 0;
  for (const field of DRAFT_FIELDS) {
    if (sameField(base, draft, field)) continue;
    count += 1;
    switch (field) {
      case 'name':
        changes.name = draft.name.trim();
        break;
      case 'description':
        changes.description = draft.description;
        break;
      case 'email':
        changes.email = draft.email.trim();
        break;
      case 'support_url':
        changes.support_url = draft.support_url.trim();
        break;
      case 'capacity':
      case 'installed_ui_devices': {
        const n = wholeNumber(draft[field]);
        if (n === undefined || Number.isNaN(n))
          failures.push({ field, reason: t('tech.field.wholeFromZero') });
        else changes[field] = n;
        break;
      }
      case 'features':
        changes.features = splitFeatures(draft.features);
        break;
      case 'bookable':
        changes.bookable = draft.bookable;
        break;
      case 'zones':
        changes.zones = [...draft.zones];
        break;
      case 'modules':
        changes.modules = [...draft.modules];
        break;
      case 'settings': {
        const parsed = parseJsonObject(draft.settings);
        if (parsed.ok) changes.settings = parsed.value;
        else failures.push({ field, reason: parsed.reason });
        break;
      }
      default:
        return field satisfies never;
    }
  }
  return failures.length > 0 ? { ok: false, failures } : { ok: true, changes, count };
}

export interface Rebased {
  draft: SystemDraft;
  /** Fields where someone else's value differs from what this person typed: theirs, for showing. */
  clashes: Partial<Record<DraftField, string>>;
}

/**
 * After a conflict: fields this person did not touch take the service's new values; fields they
 * edited keep their edits, and where the other change differs it is listed so they can decide.
 */
export function rebase(oldBase: SystemDraft, mine: SystemDraft, latest: SystemDraft): Rebased {
  const draft = { ...mine, zones: [...mine.zones], modules: [...mine.modules] };
  const clashes: Partial<Record<DraftField, string>> = {};
  for (const field of DRAFT_FIELDS) {
    const touched = !sameField(oldBase, mine, field);
    const theirs = !sameField(oldBase, latest, field);
    if (!touched) Object.assign(draft, { [field]: copy(latest[field]) });
    else if (theirs && !sameField(mine, latest, field)) clashes[field] = display(latest[field]);
  }
  return { draft, clashes };
}

const copy = <T>(v: T): T => (Array.isArray(v) ? ([...v] as T) : v);
const display = (v: string | boolean | string[]): string =>
  Array.isArray(v)
    ? v.join(', ') || t('tech.field.noneSet')
    : typeof v === 'boolean'
      ? v
        ? t('tech.field.yesWord')
        : t('tech.field.noWord')
      : v || t('tech.field.empty');
