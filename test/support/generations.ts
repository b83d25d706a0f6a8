import type { Generation } from '../../core/api/generation.ts';

/** Both API generations the simulator serves, for `describe.each` (the client speaks either). */
export const GENERATIONS: readonly Generation[] = ['legacy', 'current'];

/** Node's fetch, recording each request's method, path and status (query dropped). */
export function recordingFetch(): typeof fetch & {
  paths: string[];
  calls: { method: string; path: string; status: number }[];
} {
  const calls: { method: string; path: string; status: number }[] = [];
  const paths: string[] = [];
  const wrapped = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    paths.push(url.pathname);
    const response = await fetch(input, init);
    calls.push({ method, path: url.pathname, status: response.status });
    return response;
  }) as typeof fetch;
  return Object.assign(wrapped, { paths, calls });
}
