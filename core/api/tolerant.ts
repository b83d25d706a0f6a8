/**
 * Reading records from services Roomdeck's developers did not write. Real deployments send `null`
 * for unset optional fields, roles this client does not know, the legacy generation's funcs shape
 * and modules without a class name. None of that may take a whole room or list down: what can be
 * read is read, and what cannot is dropped from its list and counted, never thrown for the lot.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A record's top-level `null`s mean "not set": the schemas model unset fields as absent, so a
 * `capacity: null` on one room must not fail the room (nor, through it, the room chooser).
 */
export function withoutNulls(value: unknown): unknown {
  if (!isRecord(value)) return value;
  // fromEntries defines own properties: a "__proto__" key from JSON stays a field, never a prototype.
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null));
}

/** The JSON Schema given to a legacy parameter: its type is unknown, so nothing is constrained. */
const LEGACY_KINDS: Record<string, 'required' | 'optional' | 'skip'> = {
  req: 'required',
  keyreq: 'required',
  opt: 'optional',
  key: 'optional',
  // `*args` / `**opts` / `&block` have no name a caller could fill in a form.
  rest: 'skip',
  keyrest: 'skip',
  block: 'skip',
};

/**
 * One method's description in either generation → the current one: `{arity, params (JSON Schema by
 * name), order}`. Legacy: `{arity: -2, params: [["req","state"], ["opt","level"]]}` (Ruby's
 * Method#parameters), no `order`. An optional legacy parameter has no known default, so it carries
 * `x-optional` instead of `default` and the caller may leave it out.
 */
export function normalizeFunc(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const { params } = value;
  if (Array.isArray(params)) {
    const schemas: Record<string, unknown> = {};
    const order: string[] = [];
    let required = 0;
    for (const entry of params) {
      if (!Array.isArray(entry) || typeof entry[1] !== 'string') continue;
      const kind = LEGACY_KINDS[String(entry[0])] ?? 'optional';
      if (kind === 'skip') continue;
      const name = entry[1];
      schemas[name] = kind === 'required' ? {} : { 'x-optional': true };
      order.push(name);
      if (kind === 'required') required += 1;
    }
    return { ...value, arity: required, params: schemas, order };
  }
  if (isRecord(params)) {
    const order = Array.isArray(value.order)
      ? value.order.filter((n): n is string => typeof n === 'string')
      : Object.keys(params);
    const arity = typeof value.arity === 'number' && value.arity >= 0 ? value.arity : order.length;
    return { ...value, arity, params, order };
  }
  // No parameter description at all: a method that takes nothing we can name.
  return { ...value, arity: 0, params: {}, order: [] };
}

export function normalizeFuncs(body: unknown): unknown {
  if (!isRecord(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [name, description] of Object.entries(body)) out[name] = normalizeFunc(description);
  return out;
}

/** A ping answer with its optional fields missing (older services send only host and pingable). */
export function normalizePing(body: unknown): unknown {
  if (!isRecord(body)) return body;
  return { ...body, warning: body.warning ?? null, exception: body.exception ?? null };
}

/**
 * State values as some generations send them: JSON text (`"true"`, `"15"`, `"\"hdmi1\""`). Used to
 * compare what a device reports with what a control asked for, never to rewrite what is shown.
 */
export function stateValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return value;
  const lower = text.toLowerCase();
  if (lower === 'on') return true;
  if (lower === 'off') return false;
  if (/^(true|false|null|-?\d+(\.\d+)?([eE][+-]?\d+)?)$/.test(text) || /^["[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return value;
    }
  }
  return value;
}

/** The items of a list that could be read, and how many could not (shown, not thrown). */
export interface Readable<T> {
  items: T[];
  skipped: number;
}

export function readEach<T>(items: unknown[], read: (item: unknown, index: number) => T): Readable<T> {
  const out: T[] = [];
  let skipped = 0;
  items.forEach((item, index) => {
    try {
      out.push(read(item, index));
    } catch {
      skipped += 1;
    }
  });
  return { items: out, skipped };
}

/** A module's state with each value read by `stateValue`, for the panel. */
export function readStateValues(state: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) out[key] = stateValue(value);
  return out;
}
