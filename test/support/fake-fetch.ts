export interface RecordedCall {
  method: string;
  url: URL;
  headers: Headers;
  body: string | null;
}

export type Handler = (call: RecordedCall, signal: AbortSignal | undefined) => Response | Promise<Response>;

/** A fetch that never touches the network: each call is recorded and answered by `handler`. */
export function fakeFetch(handler: Handler): typeof fetch & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = init?.body === undefined || init.body === null ? null : String(init.body);
    const call = { method: init?.method ?? 'GET', url, headers: new Headers(init?.headers), body };
    calls.push(call);
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) throw signal.reason;
    return handler(call, signal);
  };
  return Object.assign(fn as typeof fetch, { calls });
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A response that never arrives, until the request is aborted. */
export const never = (signal: AbortSignal | undefined): Promise<Response> =>
  new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }));
