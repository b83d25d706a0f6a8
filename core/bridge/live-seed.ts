import type { LiveTarget, ModuleState } from '../../contract/types.ts';
import type { Clock } from '../api/clock.ts';
import type { ControlClient } from '../api/client.ts';
import { readStateValues } from '../api/tolerant.ts';
import type { AccessTokenSource } from '../api/transport.ts';
import type { LinkHealth } from '../link/health.ts';
import type { LiveFeeds } from '../live/feeds.ts';
import type { Log } from '../log/log.ts';

/*
 * What one principal's live feeds are made from: its service, its token, its HTTP state read (for a
 * module's whole state when it is bound and after a reconnect), and its link-health model, which
 * the socket's ping/pong and failures feed as the HTTP client's calls do, so the panel says the same
 * words whichever of them notices trouble first.
 */

/** The control websocket's route per generation (../shared/spec/realtime.md §1). */
export const SOCKET_PATHS = {
  legacy: '/control/websocket',
  current: '/api/engine/v2/systems/control',
} as const;

/** How the socket's health reaches the link model: an answer (a pong), or a failure (its error). */
export type LiveHealth = { ok: true } | { ok: false; error: unknown };

export interface LiveFeedsSeed {
  serviceUrl: string;
  socketPath: string;
  tokens: AccessTokenSource;
  readState(systemId: string, target: LiveTarget, signal?: AbortSignal): Promise<ModuleState>;
  clock: Clock;
  random: () => number;
  log: Log;
  onHealth(health: LiveHealth): void;
}

/** Makes a principal's feeds (core/live's createLiveFeeds; a fake in tests). */
export type MakeLiveFeeds = (seed: LiveFeedsSeed) => LiveFeeds;

export interface SeedSource {
  serviceUrl: string;
  tokens: AccessTokenSource;
  /** The principal's client (observed: its reads feed the link model too). */
  client: ControlClient;
  link: LinkHealth;
  clock: Clock;
  random: () => number;
  log: Log;
}

/** Which generation the service speaks, where the client can tell (service.api); legacy otherwise. */
async function generationOf(client: ControlClient): Promise<keyof typeof SOCKET_PATHS> {
  const probe = (client as { generation?: () => Promise<keyof typeof SOCKET_PATHS> }).generation;
  return typeof probe === 'function' ? probe.call(client) : 'legacy';
}

export async function liveSeed(source: SeedSource): Promise<LiveFeedsSeed> {
  const { client, link } = source;
  return {
    serviceUrl: source.serviceUrl,
    socketPath: SOCKET_PATHS[await generationOf(client)],
    tokens: source.tokens,
    // The same values `systems.state` gives the page: JSON text read as what it encodes.
    readState: async (systemId, target, signal) =>
      readStateValues(await client.systemState(systemId, target, signal === undefined ? {} : { signal })),
    clock: source.clock,
    random: source.random,
    log: source.log,
    onHealth: (health) => {
      if (health.ok) link.answered();
      else link.failed(health.error);
    },
  };
}
