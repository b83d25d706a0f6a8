import * as oauth from 'oauth4webapi';
import { type Clock, systemClock } from '../api/clock.ts';
import { ConfigError } from '../api/errors.ts';
import type { ServiceGeneration } from '../api/generation.ts';
import { endpointsFromAuthority } from './authority-endpoints.ts';
import { isLoopbackIssuer } from './insecure.ts';

/**
 * The authorization server as Roomdeck talks to it. The legacy service publishes no metadata
 * document, so it is described by hand from the spec's fixed paths (§5); a current-generation
 * service names its endpoints in its authority document (`/auth/authority`), read before the first
 * protocol step (`prepare`). Every protocol step takes this context.
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
  /** Which API generation the service speaks (shared with its ControlClient); none: legacy. */
  generation?: ServiceGeneration;
}

export interface OAuthContext {
  /** The endpoints; before `prepare` has settled, the wire contract's fixed paths. */
  readonly as: oauth.AuthorizationServer;
  /**
   * Learns the endpoints before a protocol step: the current generation's authority document
   * names them (read once per process, see generation.ts). A legacy service needs nothing.
   */
  prepare(signal?: AbortSignal): Promise<void>;
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
  const fixed: oauth.AuthorizationServer = {
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
  let as = fixed;
  const { generation } = settings;
  return {
    get as() {
      return as;
    },
    async prepare(signal) {
      if (generation === undefined) return;
      const authority = await generation.authority(signal);
      // Checked every time: a refused document stays refused, never half-used.
      as = authority === null ? fixed : { ...fixed, ...endpointsFromAuthority(base, authority) };
    },
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
