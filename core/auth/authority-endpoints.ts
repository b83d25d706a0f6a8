import type { AuthorityDocument } from '../api/generation.ts';
import { ConfigError } from '../api/errors.ts';
import { isLoopbackIssuer } from './insecure.ts';

/**
 * The OAuth endpoints a current-generation service names in its authority document
 * (`GET /auth/authority`, `config.authorize_uri` and its siblings; simulator/routes/current/README.md).
 * Relative URLs are the service's own. One that points at another origin is refused: the tokens
 * and passwords Roomdeck sends there belong to the service it is configured for, and an authority
 * document is no reason to send them anywhere else (nor over plain http, except on this machine).
 */

export interface AuthorityEndpoints {
  authorization_endpoint?: string;
  token_endpoint?: string;
  revocation_endpoint?: string;
  device_authorization_endpoint?: string;
}

const NAMES: readonly [keyof AuthorityEndpoints, string][] = [
  ['authorization_endpoint', 'authorize_uri'],
  ['token_endpoint', 'token_uri'],
  ['revocation_endpoint', 'revoke_uri'],
  ['device_authorization_endpoint', 'device_authorization_uri'],
];

/** `serviceUrl`: the configured service (already checked). Missing entries keep their defaults. */
export function endpointsFromAuthority(serviceUrl: URL, authority: AuthorityDocument): AuthorityEndpoints {
  const config = authority.config;
  if (typeof config !== 'object' || config === null) return {};
  const named = config as Record<string, unknown>;
  const endpoints: AuthorityEndpoints = {};
  for (const [endpoint, key] of NAMES) {
    const value = named[key];
    if (typeof value !== 'string' || value.trim() === '') continue;
    const refuse = (why: string) =>
      new ConfigError({
        cause: `the service's /auth/authority names ${key} ${JSON.stringify(value)}: ${why}`,
        details: { setting: `authority config.${key}`, reason: why },
      });
    let url: URL;
    try {
      url = new URL(value, serviceUrl);
    } catch {
      throw refuse('not a URL');
    }
    if (url.origin !== serviceUrl.origin) {
      throw refuse(
        `it is on ${url.origin}, not on the service Roomdeck is configured for (${serviceUrl.origin}); Roomdeck sends sign-in requests to that service only`,
      );
    }
    if (url.protocol !== 'https:' && !isLoopbackIssuer(url))
      throw refuse('plain http is allowed only for a service on this machine');
    endpoints[endpoint] = url.href;
  }
  return endpoints;
}
