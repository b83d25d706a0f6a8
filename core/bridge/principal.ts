import { ControlClient } from '../api/client.ts';
import type { Clock } from '../api/clock.ts';
import type { ServiceGeneration } from '../api/generation.ts';
import type { Session } from '../auth/session.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import { LinkHealth, observed } from '../link/health.ts';
import { Capabilities, outcomeOf } from './capabilities.ts';

/** Who a set of verbs acts as: a session, its client, what it may do, and how its link is. */
export interface Principal {
  session: Session;
  client: ControlClient;
  link: LinkHealth;
  capabilities: Capabilities;
  /** Managed installs (a configured service account) sign in unattended with the password grant. */
  usesPasswordGrant: boolean;
}

export interface PrincipalOptions {
  config: ResolvedConfig;
  clock: Clock;
  /** The main process's HTTP (Electron's net.fetch in the app; Node's in tests). */
  fetch?: typeof fetch;
  usesPasswordGrant: boolean;
  /** The service's API generation, one per service (shared by every principal and the sign-in). */
  generation?: ServiceGeneration;
}

/** A session's own client, link health and capabilities (the panel's and a technician's are apart). */
export function principal(session: Session, options: PrincipalOptions): Principal {
  const { config, clock } = options;
  // Every call's outcome tells the link-health model how the link to the service is.
  const link = new LinkHealth(clock);
  const client = observed(
    new ControlClient({
      baseUrl: config.serverUrl,
      auth: session,
      timeoutMs: config.requestTimeoutMs,
      fetch: options.fetch,
      clock,
      generation: options.generation,
    }),
    link,
  );
  // What the account may do: probed at sign-in, corrected by every real request (capabilities.ts).
  const capabilities = new Capabilities(async (request) => {
    try {
      await client.probe(request);
      return 'allowed';
    } catch (err) {
      return outcomeOf(err);
    }
  });
  session.onChange((next) => {
    if (next.state !== 'signed-in') capabilities.reset();
  });
  return { session, client, link, capabilities, usesPasswordGrant: options.usesPasswordGrant };
}
