import { fastifyCookie } from '@fastify/cookie';

/** The parts of a handshake request a credential can ride in. */
export interface HandshakeRequest {
  headers: Record<string, string | string[] | undefined>;
  query: unknown;
}

const BEARER = /^bearer +(\S+) *$/i;

const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** Where a handshake's token came from: only a cookie is sent by a browser on its own. */
export type Carrier = 'header' | 'query' | 'cookie';

export interface HandshakeCredential {
  token: string;
  carrier: Carrier;
}

/**
 * The access token of a websocket handshake and which carrier supplied it, in the current server's
 * lookup order (D2): `Authorization: Bearer`, then the query's `bearer_token`
 * (legacy and ts-client's query mode), then the `bearer_token` cookie (ts-client's default,
 * path-scoped to the route). Any other Authorization header (Basic from a proxy, an empty Bearer)
 * supplies nothing. Null when none.
 */
export function handshakeCredential(request: HandshakeRequest): HandshakeCredential | null {
  const header = first(request.headers.authorization);
  const fromHeader = header === undefined ? undefined : BEARER.exec(header)?.[1];
  if (fromHeader) return { token: fromHeader, carrier: 'header' };
  const query = request.query;
  if (typeof query === 'object' && query !== null && 'bearer_token' in query) {
    const token = (query as { bearer_token: unknown }).bearer_token;
    if (typeof token === 'string' && token !== '') return { token, carrier: 'query' };
  }
  const cookies = first(request.headers.cookie);
  if (cookies) {
    try {
      const token = fastifyCookie.parse(cookies).bearer_token;
      if (token) return { token, carrier: 'cookie' };
    } catch {
      return null;
    }
  }
  return null;
}
