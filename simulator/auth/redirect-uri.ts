/**
 * Redirect URI matching. RFC 6749 §3.1.2.3 / RFC 9700 §4.1.3: exact string comparison — except that a
 * registered loopback IP literal (`127.0.0.1`, `[::1]`) matches any port (RFC 8252 §7.3), because a
 * native app listens on whatever port the OS gives it. `localhost` gets no such leniency: it can
 * resolve elsewhere, and RFC 8252 §8.3 advises against it.
 */

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|\[::1\])(?::(\d{1,5}))?(\/[^#]*)?$/;

interface LoopbackParts {
  host: string;
  port: number | null;
  rest: string;
}

function loopbackParts(uri: string): LoopbackParts | null {
  const match = LOOPBACK.exec(uri);
  if (match === null) return null;
  const [, host = '', port, rest = ''] = match;
  return { host, port: port === undefined ? null : Number(port), rest };
}

function matchesOne(registered: string, requested: string): boolean {
  if (registered === requested) return true;
  const reg = loopbackParts(registered);
  const req = loopbackParts(requested);
  if (reg === null || req === null) return false;
  const portOk = req.port === null || (req.port >= 1 && req.port <= 65_535);
  return portOk && reg.host === req.host && reg.rest === req.rest;
}

/** True when `requested` is acceptable for a client registered with `registered`. */
export function redirectUriAllowed(registered: readonly string[], requested: string): boolean {
  // RFC 6749 §3.1.2: an absolute URI without a fragment.
  if (requested.includes('#') || !URL.canParse(requested)) return false;
  return registered.some((uri) => matchesOne(uri, requested));
}

/**
 * True for a redirect to this machine (`127.0.0.0/8`, `[::1]`, `localhost`): whatever listens on that
 * port receives the answer, and any local program can listen on one, so such a redirect identifies
 * no client (RFC 8252 §8.6).
 */
export function isLoopbackRedirect(uri: string): boolean {
  if (!URL.canParse(uri)) return false;
  const host = new URL(uri).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
