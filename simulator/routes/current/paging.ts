import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Page } from '../../control/lists.ts';

/**
 * Lists of the current generation (placeos-generations.md §1C, "Lists (C)"): a bare array, limit
 * default 100 clamped to 0..10000, offset clamped to 0..1,000,000 (negatives are refused earlier,
 * 400), and the headers X-Total-Count, Content-Range and, while more remain, Link rel="next".
 */
export const CURRENT_DEFAULT_LIMIT = 100;
export const CURRENT_MAX_LIMIT = 10_000;
export const CURRENT_MAX_OFFSET = 1_000_000;

export const clampCurrentLimit = (limit: number | undefined): number =>
  Math.min(CURRENT_MAX_LIMIT, Math.max(0, limit ?? CURRENT_DEFAULT_LIMIT));
export const clampCurrentOffset = (offset: number | undefined): number =>
  Math.min(CURRENT_MAX_OFFSET, Math.max(0, offset ?? 0));

/** The table name rest-api puts in Content-Range. */
export type Table = 'sys' | 'mod' | 'zone' | 'driver';

const expose = (reply: FastifyReply) =>
  reply.header('Access-Control-Expose-Headers', 'X-Total-Count, Content-Range, Link, X-Request-ID');

/**
 * A paginated index. `base` is the route with its trailing slash (`/api/engine/v2/systems/`), as
 * rest-api's base_route gives it; the next offset is offset + returned (the 2026-08 fix, not the
 * older off-by-one).
 */
export function sendCurrentPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  table: Table,
  base: string,
  page: Page<T>,
): T[] {
  const returned = page.items.length;
  reply.header('X-Total-Count', String(page.total));
  reply.header('Content-Range', `${table} ${page.offset}-${page.offset + returned}/${page.total}`);
  const next = page.offset + returned;
  if (returned > 0 && next < page.total) {
    const params: [string, string][] = [];
    for (const [key, value] of Object.entries(request.query as Record<string, unknown>)) {
      if (key === 'offset' || key === 'limit' || value === undefined || value === null) continue;
      params.push([key, String(value)]);
    }
    params.push(['offset', String(next)], ['limit', String(page.limit)]);
    reply.header('Link', `<${base}?${linkQuery(params)}>; rel="next"`);
  }
  expose(reply);
  return page.items;
}

/**
 * RFC 3986 percent-encoding, a space as `%20`: ts-client reads the next link's parameters with
 * `decodeURIComponent`, which leaves a form-encoded `+` a plus, and a plus in `q` means AND, so
 * `q=huddle boardroom` would change meaning on page 2. `%20` reads as a space to every decoder.
 */
function linkQuery(params: [string, string][]): string {
  return params.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
}

/** A collection that is not paginated (a system's zones, a system's modules): `0-(n-1)/n`, no Link. */
export function sendCollection<T>(reply: FastifyReply, table: Table, items: T[]): T[] {
  reply.header('X-Total-Count', String(items.length));
  reply.header('Content-Range', `${table} 0-${items.length - 1}/${items.length}`);
  expose(reply);
  return items;
}
