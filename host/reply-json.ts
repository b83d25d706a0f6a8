import type { BridgeErrorBody } from '../contract/errors.ts';

/*
 * The bridge's answer as JSON, in its Reply shape (`ok`, `value`, `error`) and nothing else, as a
 * response schema lets out. Written out rather than compiled by fast-json-stringify: compiling that
 * serializer took about 8 ms of the host's start-up, before it could listen, for an answer whose one
 * large field (`value`, of any shape) it handed to JSON.stringify anyway. Kept to fast-json-stringify's
 * output for the same schema by a test that compares the two.
 */

interface ReplyLike {
  ok?: unknown;
  value?: unknown;
  error?: Partial<BridgeErrorBody>;
}

export function replyJson(reply: unknown): string {
  const { ok, value, error } = reply as ReplyLike;
  return JSON.stringify({
    ok: Boolean(ok),
    value,
    error:
      error === undefined
        ? undefined
        : { code: String(error.code), message: String(error.message), details: error.details },
  });
}
