import { expect } from 'vitest';
import type { Api, ApiResponse } from '../api/support.ts';

/** Helpers for the current generation (/api/engine/v2), driven as PlaceOS's own clients drive it. */

export const V2 = '/api/engine/v2';

/** A CommonError of placeos-generations.md §2C: JSON `{"error": "…"}` with the status expected. */
export function expectCommonError(response: ApiResponse<unknown>, status: number): string {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  const body = response.body as { error?: unknown };
  expect(typeof body.error).toBe('string');
  return body.error as string;
}

/** `Link: <…>; rel="next"` → the URL, or null. */
export const nextLink = (response: ApiResponse<unknown>): string | null => {
  const link = response.headers.get('link');
  return link ? (/<([^>]+)>;\s*rel="next"/.exec(link)?.[1] ?? null) : null;
};

/** Every page, following Link as ts-client does, checking each page's headers against its body. */
export async function followPages<T extends { id: string }>(api: Api, path: string): Promise<T[]> {
  const seen: T[] = [];
  let next: string | null = path;
  for (let guard = 0; next && guard < 1000; guard += 1) {
    const response: ApiResponse<T[]> = await api.req<T[]>('GET', next);
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
    const total = Number(response.headers.get('x-total-count'));
    const offset = seen.length;
    expect(response.headers.get('content-range')).toBe(
      `${response.headers.get('content-range')?.split(' ')[0]} ${offset}-${offset + response.body.length}/${total}`,
    );
    seen.push(...response.body);
    next = nextLink(response);
  }
  return seen;
}
