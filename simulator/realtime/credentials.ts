import { fastifyCookie } from '@fastify/cookie';

/** The parts of a handshake request a credential can ride in. */
export interface HandshakeRequest {
  headers: Record<string, string | string[] | undefined>;
  query: unknown;
}

const BEARER = /^bearer +(\S+) *$/i;

const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/**
 * The access token of a websocket handshake, in the current server's lookup order (realtime.md §2.2,
 * D2): `Authorization: Bearer`, then the query's `bearer_token` (legacy and ts-client's query mode),
 * then the `bearer_token` cookie (ts-client's default, path-scoped to the route). Null when none.
 */
export function handshakeToken(request: HandshakeRequest): string | null {
  const header = first(request.headers.authorization);
  const fromHeader = header === undefined ? undefined : BEARER.exec(header)?.[1];
  if (fromHeader) return fromHeader;
  const query = request.query;
  if (typeof query === 'object' && query !== null && 'bearer_token' in query) {
    const token = (query as { bearer_token: unknown }).bearer_token;
    if (typeof token === 'string' && token !== '') return token;
  }
  const cookies = first(request.headers.cookie);
  if (cookies) {
    try {
      const token = fastifyCookie.parse(cookies).bearer_token;
      if (token) return token;
    } catch {
      return null;
    }
  }
  return null;
}
