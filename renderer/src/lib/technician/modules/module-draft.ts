import type { Module, ModuleInput } from '#contract';
import { type RoleName, roleName } from '../../modules/addressing.ts';
import { jsonText, parseJsonObject, wholeNumber } from '../common/json-text.ts';
import type { FieldFailure } from '../common/problem.ts';
import { t } from '../../i18n/i18n.svelte.ts';

/** A module as its form holds it. */
export interface ModuleDraft {
  dependency_id: string;
  control_system_id: string;
  ip: string;
  port: string;
  uri: string;
  custom_name: string;
  notes: string;
  settings: string;
  ignore_connected: boolean;
  ignore_startstop: boolean;
}
export type ModuleField = keyof ModuleDraft;

export function emptyModuleDraft(): ModuleDraft {
  return {
    dependency_id: '',
    control_system_id: '',
    ip: '',
    port: '',
    uri: '',
    custom_name: '',
    notes: '',
    settings: '{}',
    ignore_connected: false,
    ignore_startstop: false,
  };
}

export function moduleDraftOf(module: Module): ModuleDraft {
  return {
    dependency_id: module.dependency_id,
    control_system_id: module.control_system_id ?? '',
    ip: module.ip ?? '',
    port: module.port === undefined || module.port === null ? '' : String(module.port),
    uri: module.uri ?? '',
    custom_name: module.custom_name ?? '',
    notes: module.notes ?? '',
    settings: jsonText(module.settings),
    ignore_connected: module.ignore_connected ?? false,
    ignore_startstop: module.ignore_startstop ?? false,
  };
}

/** Which connection fields a role has, and which of them a new module must have (spec §4.3). */
export function connectionFields(role: RoleName | 'unknown'): {
  shown: ModuleField[];
  required: ModuleField[];
} {
  switch (role) {
    case 'ssh':
    case 'device':
      return { shown: ['ip', 'port'], required: ['ip'] };
    case 'service':
      return { shown: ['uri'], required: ['uri'] };
    case 'logic':
      return { shown: ['control_system_id'], required: ['control_system_id'] };
    case 'unknown':
      return { shown: [], required: [] };
    default:
      return role satisfies never;
  }
}

export const COMMON_FIELDS: readonly ModuleField[] = [
  'custom_name',
  'notes',
  'settings',
  'ignore_connected',
  'ignore_startstop',
];

export type ModuleChanges =
  | { ok: true; changes: ModuleInput; count: number }
  | { ok: false; failures: FieldFailure[] };

/**
 * The fields that changed from `base`, checked. Creating is the change from an empty draft, with
 * the role's required connection field checked here so the person hears about it at once.
 */
export function moduleChanges(
  base: ModuleDraft,
  draft: ModuleDraft,
  role: number,
  creating: boolean,
): ModuleChanges {
  const { shown, required } = connectionFields(roleName(role));
  const failures: FieldFailure[] = [];
  const changes: ModuleInput = {};
  let count = 0;
  if (creating) {
    if (!draft.dependency_id) failures.push({ field: 'dependency_id', reason: t('tech.module.pickDriver') });
    else changes.dependency_id = draft.dependency_id;
    for (const field of required) {
      const value = draft[field];
      if (typeof value === 'string' && value.trim() === '')
        failures.push({ field, reason: t('tech.field.isRequired') });
    }
  }
  for (const field of [...shown, ...COMMON_FIELDS]) {
    if (base[field] === draft[field]) continue;
    count += 1;
    switch (field) {
      case 'port': {
        const n = wholeNumber(draft.port);
        if (n === undefined && creating) count -= 1;
        else if (n === undefined || Number.isNaN(n) || n < 1 || n > 65535)
          failures.push({ field, reason: t('tech.module.portRange') });
        else changes.port = n;
        break;
      }
      case 'settings': {
        const parsed = parseJsonObject(draft.settings);
        if (parsed.ok) changes.settings = parsed.value;
        else failures.push({ field, reason: parsed.reason });
        break;
      }
      case 'ignore_connected':
      case 'ignore_startstop':
        changes[field] = draft[field];
        break;
      case 'notes':
        changes.notes = draft.notes;
        break;
      case 'ip':
      case 'uri':
      case 'custom_name':
      case 'control_system_id':
      case 'dependency_id':
        changes[field] = draft[field].trim();
        break;
      default:
        return field satisfies never;
    }
  }
  return failures.length > 0 ? { ok: false, failures } : { ok: true, changes, count };
}
