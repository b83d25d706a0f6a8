import type { FastifyReply, FastifyRequest } from 'fastify';
import { nextLink, type Page } from '../control/lists.ts';

/** Wire contract, Lists: a bare array, X-Total-Count, and a next Link while more remain. */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
  reply.header('X-Total-Count', String(page.total));
  const path = request.url.split('?')[0] ?? request.url;
  const link = nextLink(path, request.query as Record<string, unknown>, page);
  if (link) reply.header('Link', link);
  reply.header('Access-Control-Expose-Headers', 'X-Total-Count, Link');
  return page.items;
}

/** Raw JSON for values fastify would not serialise as-is (null, bare scalars). */
export function sendJson(reply: FastifyReply, value: unknown): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(value ?? null));
}
