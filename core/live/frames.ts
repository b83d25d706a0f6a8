/**
 * The control websocket's frames as a client reads and writes them (docs/realtime.md §3,
 * §5, §8). Pure: every text the server may send becomes a value, never a throw; what we do not
 * understand is `ignored` (§6: a stray text frame is passed over, not fatal).
 */

export type Command = 'bind' | 'unbind' | 'exec' | 'debug' | 'ignore';

/** The `{sys, mod, index, name}` a binding's frames carry. */
export interface Meta {
  sys: string;
  mod: string;
  index: number;
  name: string;
}

export type ServerFrame =
  | { kind: 'pong' }
  | { kind: 'success'; id: number | string; value: unknown }
  | { kind: 'error'; id: number | string | null; number: number; msg: string }
  /** D6: a notify may come before its bind's success, and without an id. */
  | { kind: 'notify'; id: number | string | null; meta: Meta | null; value: unknown }
  | {
      kind: 'debug';
      id: number | string | null;
      meta: Omit<Meta, 'name'> | null;
      level: string;
      msg: string;
    }
  | { kind: 'ignored'; text: string };

export interface RequestFrame {
  id: number;
  cmd: Command;
  sys: string;
  mod: string;
  index: number;
  name: string;
  args?: unknown[];
}

type Loose = Record<string, unknown>;

const isId = (value: unknown): value is number | string =>
  (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'string';

const idOf = (frame: Loose): number | string | null => (isId(frame.id) ? frame.id : null);

function metaOf(value: unknown): Meta | null {
  if (typeof value !== 'object' || value === null) return null;
  const { sys, mod, index, name } = value as Loose;
  if (typeof sys !== 'string' || typeof mod !== 'string' || typeof name !== 'string') return null;
  // §3.1: index defaults to 1 when absent.
  const i = typeof index === 'number' && Number.isSafeInteger(index) && index >= 1 ? index : 1;
  return { sys, mod, index: i, name };
}

/**
 * D5: the error's number is `error_code` (current generation, where `code` holds an HTTP-like 500),
 * else `code` when it is one of the protocol's 0–7 (legacy), else 7 (unexpected failure).
 */
export function errorNumber(frame: { code?: unknown; error_code?: unknown }): number {
  const valid = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 7;
  if (typeof frame.error_code === 'number') return valid(frame.error_code) ? frame.error_code : 7;
  return valid(frame.code) ? frame.code : 7;
}

export function parseServerFrame(text: string): ServerFrame {
  if (text === 'pong') return { kind: 'pong' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'ignored', text };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'ignored', text };
  const frame = value as Loose;
  switch (frame.type) {
    case 'success': {
      const id = idOf(frame);
      return id === null ? { kind: 'ignored', text } : { kind: 'success', id, value: frame.value ?? null };
    }
    case 'error':
      return {
        kind: 'error',
        id: idOf(frame),
        number: errorNumber(frame),
        msg: typeof frame.msg === 'string' ? frame.msg : '',
      };
    case 'notify':
      return { kind: 'notify', id: idOf(frame), meta: metaOf(frame.meta), value: frame.value ?? null };
    case 'debug': {
      const meta = metaOf({ ...(frame.meta as Loose | undefined), name: '' });
      return {
        kind: 'debug',
        id: idOf(frame),
        meta: meta === null ? null : { sys: meta.sys, mod: meta.mod, index: meta.index },
        level: typeof frame.level === 'string' ? frame.level : 'debug',
        msg: typeof frame.msg === 'string' ? frame.msg : JSON.stringify(frame.msg ?? ''),
      };
    }
    default:
      return { kind: 'ignored', text };
  }
}

/** One module instance of a system: the unit the feeds bind, read and emit. */
export interface ModuleKey {
  sys: string;
  mod: string;
  index: number;
}

export const moduleKeyOf = (m: ModuleKey): string => JSON.stringify([m.sys, m.mod, m.index]);
