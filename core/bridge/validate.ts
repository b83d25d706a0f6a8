import { ErrorCode, isErrorCode } from '../../contract/error-codes.ts';
import { type ValueError, ValueErrorType } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import { SAFE_ID_PATTERN } from '../../contract/ids.ts';
import { toBridgeError } from '../api/errors.ts';
import { type Contract, contract, type DomainName, type RoomdeckApi } from '../../contract/verbs.ts';
import type { BridgeErrorBody, BridgeResponse } from '../../contract/errors.ts';
import type { Verb } from '../../contract/verb.ts';

/**
 * The core both transports share: find a verb in the contract, check its argument against the
 * verb's schema, call the api, and turn whatever happens into a `BridgeResponse`. IPC adds the
 * sender check around it, HTTP adds cookie and Origin checks; neither duplicates this.
 */

export const INVALID_ARGS = ErrorCode.ROOMDECK_BRIDGE_INVALID_ARGS;
export const UNKNOWN_VERB = ErrorCode.ROOMDECK_BRIDGE_UNKNOWN_VERB;
export const INTERNAL = ErrorCode.ROOMDECK_BRIDGE_INTERNAL;

export interface FieldProblem {
  /** Dotted path of the offending field, e.g. `changes.name`; empty for the argument itself. */
  field: string;
  message: string;
}

export interface ResolvedVerb {
  domain: DomainName;
  verb: string;
  schema: Verb;
  call: (args: unknown) => Promise<unknown>;
}

/**
 * Own-property lookups only: `constructor`, `__proto__` and friends must never resolve to a
 * callable, since the domain and verb come from an untrusted URL or channel.
 */
export function resolveVerb(api: RoomdeckApi, domain: string, verbName: string): ResolvedVerb | null {
  if (!Object.hasOwn(contract, domain)) return null;
  const domainName = domain as DomainName;
  const verbs: Readonly<Record<string, Verb>> = contract[domainName];
  if (!Object.hasOwn(verbs, verbName)) return null;
  const schema = verbs[verbName];
  const domainApi = api[domainName] as unknown as Readonly<
    Record<string, (args: unknown) => Promise<unknown>>
  >;
  const fn = domainApi[verbName];
  if (schema === undefined || typeof fn !== 'function') return null;
  return { domain: domainName, verb: verbName, schema, call: (args) => fn.call(domainApi, args) };
}

/** JSON Pointer (`/changes/name`) → the dotted name a person reads (`changes.name`). */
const fieldOf = (pointer: string): string =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');

/** The id rule failed, on its own or as the closest branch of a union (`id | null`). */
function breaksIdRule(error: ValueError): boolean {
  if (error.type === ValueErrorType.StringPattern) return error.schema.pattern === SAFE_ID_PATTERN;
  if (error.type !== ValueErrorType.Union) return false;
  return error.errors.some((branch) => {
    const first = branch.First();
    return first !== undefined && breaksIdRule(first);
  });
}

/** Every distinct problem with an argument, first per field, in schema order. */
export function argumentProblems(schema: Verb['args'], args: unknown): FieldProblem[] {
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const error of Value.Errors(schema, args)) {
    const field = fieldOf(error.path);
    if (seen.has(field)) continue;
    seen.add(field);
    // The id rule's regular expression would mean nothing to whoever reads the message.
    const badId = breaksIdRule(error);
    problems.push({
      field,
      message: badId
        ? 'is not a valid id (not ".", "..", nor holding "/", "\\" or control characters)'
        : error.message,
    });
  }
  return problems;
}

const readable = (message: string): string =>
  message === 'Expected required property'
    ? 'is required'
    : message === 'Unexpected property'
      ? 'is not expected'
      : message.replace(/^Expected/, 'expected');

/** In a person's words: the verb's internal name stays out (it is in the log, not the message). */
export function invalidArgs(problems: FieldProblem[]): BridgeErrorBody {
  const shown = problems
    .slice(0, 3)
    .map((p) => `${p.field === '' ? 'the argument' : `"${p.field}"`} ${readable(p.message)}`);
  const more = problems.length > 3 ? `; and ${problems.length - 3} more` : '';
  return {
    code: INVALID_ARGS,
    message: `Roomdeck could not send this request: ${shown.join('; ') || 'it is not valid'}${more}.`,
    details: { problems },
  };
}

/** Calls one verb and answers with a `BridgeResponse`; never throws. */
export async function dispatch(target: ResolvedVerb, rawArgs: unknown): Promise<BridgeResponse<unknown>> {
  // Verbs without parameters may be called with nothing at all.
  const args = rawArgs === undefined || rawArgs === null ? {} : rawArgs;
  const problems = argumentProblems(target.schema.args, args);
  if (problems.length > 0) return { ok: false, error: invalidArgs(problems) };
  try {
    return { ok: true, value: await target.call(args) };
  } catch (err) {
    return { ok: false, error: safeErrorBody(err) };
  }
}

// Even a mapper that fails must not let a raw error (its stack, its cause) cross the bridge.
export function safeErrorBody(err: unknown): BridgeErrorBody {
  try {
    const body = toBridgeError(err);
    const code = String(body.code);
    if (!isErrorCode(code)) throw new TypeError(`not a catalogued error code: ${code}`);
    const out: BridgeErrorBody = { code, message: String(body.message) };
    if (body.details !== undefined) out.details = body.details;
    return out;
  } catch {
    return { code: INTERNAL, message: 'Roomdeck hit an unexpected problem. Try again.' };
  }
}

/** Every `domain:verb` pair of the contract, for the transports to register. */
export function contractVerbs(): { domain: DomainName; verb: string }[] {
  return (Object.keys(contract) as DomainName[]).flatMap((domain) =>
    Object.keys(contract[domain] as Contract[typeof domain]).map((verb) => ({ domain, verb })),
  );
}
