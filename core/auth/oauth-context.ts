import * as oauth from 'oauth4webapi';
import { type Clock, systemClock } from '../api/clock.ts';
import { ConfigError } from '../api/errors.ts';
import { isLoopbackIssuer } from './insecure.ts';

/**
 * The authorization server as Roomdeck talks to it. The service publishes no metadata document, so
 * it is described by hand from the spec's fixed paths (§5); every protocol step takes this context.
 */

export interface OAuthSettings {
  serverUrl: string;
  clientId: string;
  /** Confidential clients only (password grant on managed installs). */
  clientSecret?: string | undefined;
  scope: string;
  /** Per token/revocation request. */
  timeoutMs: number;
  fetch?: typeof fetch;
  clock?: Clock;
}

export interface OAuthContext {
  readonly as: oauth.AuthorizationServer;
  readonly client: oauth.Client;
  readonly clientAuth: oauth.ClientAuth;
  readonly scope: string;
  readonly timeoutMs: number;
  readonly clock: Clock;
  /** Request options for oauth4webapi: our fetch, and http allowed for loopback issuers only. */
  readonly http: () => oauth.HttpRequestOptions<'POST', URLSearchParams>;
}

/** Manual authorization server metadata (RFC 8414 §2) for the service's fixed endpoints (spec §5). */
export function createOAuthContext(settings: OAuthSettings): OAuthContext {
  let base: URL;
  try {
    base = new URL(settings.serverUrl);
  } catch (cause) {
    throw new ConfigError({ cause });
  }
  if (base.protocol !== 'https:' && !isLoopbackIssuer(base)) {
    throw new ConfigError({ cause: 'plain http is allowed only for a service on this machine' });
  }
  const root = base.href.replace(/\/+$/, '');
  const as: oauth.AuthorizationServer = {
    issuer: root,
    authorization_endpoint: `${root}/auth/oauth/authorize`,
    token_endpoint: `${root}/auth/oauth/token`,
    revocation_endpoint: `${root}/auth/oauth/revoke`,
    // RFC 8628, where the service offers it (wire contract "Device authorization").
    device_authorization_endpoint: `${root}/auth/oauth/device_authorization`,
    code_challenge_methods_supported: ['S256'],
  };
  const client: oauth.Client = { client_id: settings.clientId };
  const clientAuth =
    settings.clientSecret === undefined || settings.clientSecret === ''
      ? oauth.None()
      : oauth.ClientSecretPost(settings.clientSecret);
  const fetchImpl = settings.fetch ?? globalThis.fetch.bind(globalThis);
  const insecure = isLoopbackIssuer(base);
  return {
    as,
    client,
    clientAuth,
    scope: settings.scope,
    timeoutMs: settings.timeoutMs,
    clock: settings.clock ?? systemClock,
    http: () => ({
      [oauth.customFetch]: (url, init) => fetchImpl(url, init),
      [oauth.allowInsecureRequests]: insecure,
    }),
  };
}
