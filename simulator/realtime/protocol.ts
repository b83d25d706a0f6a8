/**
 * The control websocket's frames (docs/realtime.md §3, §5, §8): reading a client's text
 * frame into a request or a numbered error, and writing the server's frames. Pure: no socket, no
 * simulator; every input yields a value, never a throw.
 */

/** The semantic error numbers of §5, identical in both generations. */
export const WS_ERROR = {
  parseError: 0,
  badRequest: 1,
  accessDenied: 2,
  requestFailed: 3,
  unknownCommand: 4,
  systemNotFound: 5,
  moduleNotFound: 6,
  unexpectedFailure: 7,
} as const;
export type WsErrorCode = (typeof WS_ERROR)[keyof typeof WS_ERROR];

export const COMMANDS = ['bind', 'unbind', 'exec', 'debug', 'ignore'] as const;
export type Command = (typeof COMMANDS)[number];

/** D3: integer or string, echoed unchanged. */
export type RequestId = number | string;

export interface Request {
  id: RequestId;
  cmd: Command;
  sys: string;
  mod: string;
  /** 1-based; 1 when absent (§3.1, D3). */
  index: number;
  name: string;
  /** exec only; absent or null = no arguments. */
  args: unknown[];
}

/** The `{sys, mod, index, name}` a binding's frames carry (§3.2). */
export interface Meta {
  sys: string;
  mod: string;
  index: number;
  name: string;
}

export type Parsed =
  | { kind: 'ping' }
  | { kind: 'pong' }
  | { kind: 'request'; request: Request }
  | { kind: 'error'; id: RequestId | null; code: WsErrorCode; msg: string };

const fail = (id: RequestId | null, code: WsErrorCode, msg: string): Parsed => ({
  kind: 'error',
  id,
  code,
  msg,
});

const isId = (value: unknown): value is RequestId =>
  (typeof value === 'number' && Number.isSafeInteger(value)) ||
  (typeof value === 'string' && value.length <= 256);

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * Longest `sys`, `mod` and `name`, in UTF-8 bytes, as for ids: every binding keeps all three, so an
 * unbounded name would let one socket hold memory and work without end.
 */
export const MAX_FIELD_BYTES = 256;

/** Longest `msg` an error frame carries: what it quotes of the client's frame is cut to fit. */
export const MAX_ERROR_MSG_CHARS = 512;

/**
 * One text frame → what it asks. D4: invalid JSON → 0 with id null; a missing or ill-typed field → 1
 * (with the id when it is readable); an unknown `cmd` → 4. Unknown extra keys are ignored (D3).
 */
export function parseFrame(text: string): Parsed {
  if (text === 'ping') return { kind: 'ping' };
  if (text === 'pong') return { kind: 'pong' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail(null, WS_ERROR.parseError, 'the frame is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(null, WS_ERROR.badRequest, 'a request is a JSON object with id, cmd, sys, mod and name');
  }
  const frame = value as Record<string, unknown>;
  const id = Object.hasOwn(frame, 'id') && isId(frame.id) ? frame.id : null;
  if (id === null) return fail(null, WS_ERROR.badRequest, 'id is required: an integer or a string');
  if (!Object.hasOwn(frame, 'cmd') || typeof frame.cmd !== 'string') {
    return fail(id, WS_ERROR.badRequest, 'cmd is required: one of bind, unbind, exec, debug, ignore');
  }
  const cmd = frame.cmd;
  if (!(COMMANDS as readonly string[]).includes(cmd)) {
    return fail(id, WS_ERROR.unknownCommand, `unknown command ${JSON.stringify(cmd.slice(0, 64))}`);
  }
  for (const field of ['sys', 'mod', 'name'] as const) {
    if (!Object.hasOwn(frame, field) || !nonEmpty(frame[field])) {
      return fail(id, WS_ERROR.badRequest, `${field} is required: a non-empty string`);
    }
    if (Buffer.byteLength(frame[field] as string) > MAX_FIELD_BYTES) {
      return fail(id, WS_ERROR.badRequest, `${field} is longer than ${MAX_FIELD_BYTES} bytes`);
    }
  }
  let index = 1;
  if (Object.hasOwn(frame, 'index') && frame.index !== null && frame.index !== undefined) {
    if (typeof frame.index !== 'number' || !Number.isSafeInteger(frame.index) || frame.index < 1) {
      return fail(id, WS_ERROR.badRequest, 'index must be an integer ≥ 1');
    }
    index = frame.index;
  }
  let args: unknown[] = [];
  if (Object.hasOwn(frame, 'args') && frame.args !== null && frame.args !== undefined) {
    if (!Array.isArray(frame.args)) return fail(id, WS_ERROR.badRequest, 'args must be an array');
    args = frame.args;
  }
  return {
    kind: 'request',
    request: {
      id,
      cmd: cmd as Command,
      sys: frame.sys as string,
      mod: frame.mod as string,
      index,
      name: frame.name as string,
      args,
    },
  };
}

export const metaOf = (request: Request): Meta => ({
  sys: request.sys,
  mod: request.mod,
  index: request.index,
  name: request.name,
});

/** D5: the number in both `code` (legacy) and `error_code` (current). */
export const errorFrame = (id: RequestId | null, code: WsErrorCode, msg: string) => ({
  id,
  type: 'error' as const,
  code,
  error_code: code,
  msg: msg.length > MAX_ERROR_MSG_CHARS ? `${msg.slice(0, MAX_ERROR_MSG_CHARS - 1)}…` : msg,
});

/** D10: bind success carries meta (D6); unbind/ignore/debug do not. */
export const successFrame = (id: RequestId, meta?: Meta) =>
  meta ? { id, type: 'success' as const, meta } : { id, type: 'success' as const };

/** D10: exec success adds the method's value, meta and code 200. */
export const execSuccessFrame = (id: RequestId, meta: Meta, value: unknown) => ({
  id,
  type: 'success' as const,
  value: value === undefined ? null : value,
  meta,
  code: 200,
});

/** D6: the bind's id and meta; the value as raw JSON, never a JSON-encoded string. */
export const notifyFrame = (id: RequestId, meta: Meta, value: unknown) => ({
  id,
  type: 'notify' as const,
  value: value === undefined ? null : value,
  meta,
});

/** ts-client's level set (§4.4). */
export type DebugLevel = 'debug' | 'info' | 'warn' | 'error';

export const debugFrame = (
  id: RequestId,
  meta: Meta,
  mod: string,
  klass: string,
  level: DebugLevel,
  msg: string,
) => ({
  id,
  type: 'debug' as const,
  mod,
  klass,
  level,
  msg,
  meta,
});
