import { ErrorCode } from '#contract';
import { toBridgeError } from '../../bridge/bridge.ts';
import { t } from '../../i18n/i18n.svelte.ts';
import { plainReason } from './plain-words.ts';

/** One field the service (or the bridge's argument check) refused, and why. */
export interface FieldFailure {
  field: string;
  reason: string;
}

/** A failed technician action, ready to show: the message, its code, and per-field reasons. */
export interface Problem {
  code: string;
  message: string;
  failures: FieldFailure[];
  /** On a version conflict: the version the service holds now, when it said. */
  currentVersion: number | null;
}

export const FORBIDDEN = ErrorCode.ROOMDECK_FORBIDDEN;
export const VERSION_CONFLICT = ErrorCode.ROOMDECK_VERSION_CONFLICT;
export const INVALID_ARGUMENTS = ErrorCode.ROOMDECK_INVALID_ARGUMENTS;
const BRIDGE_INVALID_ARGS = ErrorCode.ROOMDECK_BRIDGE_INVALID_ARGS;

/**
 * The bridge's messages already say what to do; only 403 gets our own words, because the
 * technician needs to know it is their account's role (not the room, not the network) that refused.
 */
export const forbiddenMessage = (): string => t('tech.words.forbidden');

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The bridge checks arguments before the service sees them and names fields by their path in the
 * verb's argument (`changes.capacity`, `module.port`, `args.0`); forms know them by the last part.
 */
const ARGUMENT_PREFIXES = ['changes.', 'system.', 'module.'];
export function formFieldOf(path: string): string {
  for (const prefix of ARGUMENT_PREFIXES) if (path.startsWith(prefix)) return path.slice(prefix.length);
  return path;
}

function failuresOf(details: Record<string, unknown> | undefined): FieldFailure[] {
  if (!details) return [];
  const out: FieldFailure[] = [];
  // Service validation (422): [{ field, reason }].
  if (Array.isArray(details.failures)) {
    for (const f of details.failures) {
      if (isRecord(f) && typeof f.field === 'string' && typeof f.reason === 'string') {
        out.push({ field: formFieldOf(f.field), reason: plainReason(f.reason) });
      }
    }
  }
  // The bridge's own argument check: [{ field, message }].
  if (Array.isArray(details.problems)) {
    for (const p of details.problems) {
      if (isRecord(p) && typeof p.field === 'string' && typeof p.message === 'string') {
        out.push({ field: formFieldOf(p.field), reason: plainReason(p.message) });
      }
    }
  }
  // 400 with the parameter at fault.
  if (typeof details.parameter === 'string')
    out.push({ field: details.parameter, reason: t('tech.words.notAccepted') });
  return out;
}

/** Whatever was thrown becomes something a person can read; never throws itself. */
export function describeProblem(error: unknown): Problem {
  const e = toBridgeError(error);
  const current = e.details?.currentVersion;
  return {
    code: e.code,
    message:
      e.code === FORBIDDEN
        ? forbiddenMessage()
        : e.code === BRIDGE_INVALID_ARGS
          ? // The bridge's own message quotes schema paths; the fields carry the reasons instead.
            t('tech.words.formInvalid')
          : e.message,
    failures: failuresOf(e.details),
    currentVersion: typeof current === 'number' ? current : null,
  };
}

/** A problem found before anything was sent (a field that does not parse). */
export function localProblem(failures: FieldFailure[]): Problem {
  return {
    code: ErrorCode.ROOMDECK_FORM_INVALID,
    message: t('tech.words.formInvalid'),
    failures,
    currentVersion: null,
  };
}

/** The reasons given for one field, for showing next to it. */
export function reasonsFor(problem: Problem | null, field: string): string[] {
  return problem ? problem.failures.filter((f) => f.field === field).map((f) => f.reason) : [];
}

/** Failures for fields a form does not show, so none is silently lost. */
export function unplacedFailures(problem: Problem | null, shown: readonly string[]): FieldFailure[] {
  return problem ? problem.failures.filter((f) => !shown.includes(f.field)) : [];
}
