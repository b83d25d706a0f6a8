import type { Clock } from '../api/clock.ts';
import type { ControlClient } from '../api/client.ts';
import { readStateValues } from '../api/tolerant.ts';
import type { AccessTokenSource } from '../api/transport.ts';
import type { LinkHealth } from '../link/health.ts';
import { type LiveFeeds, type LiveFeedsOptions, SOCKET_PATHS } from '../live/index.ts';
import type { Log } from '../log/log.ts';

/*
 * What one principal's live feeds are made from: its service, its token, its HTTP state read (for a
 * module's whole state when it is bound and after a reconnect), and its link-health model, which
 * the socket's ping/pong and failures feed as the HTTP client's calls do, so the panel says the same
 * words whichever of them notices trouble first.
 */

/**
 * What a principal's feeds are made from: core/live's options, with everything the bridge decides
 * filled in (the timings stay core/live's defaults).
 */
export type LiveFeedsSeed = LiveFeedsOptions &
  Required<Pick<LiveFeedsOptions, 'clock' | 'random' | 'log' | 'onHealth'>>;

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

export async function liveSeed(source: SeedSource): Promise<LiveFeedsSeed> {
  const { client, link } = source;
  return {
    serviceUrl: source.serviceUrl,
    // The socket's route follows the generation the client speaks (service.api, asked once).
    socketPath: SOCKET_PATHS[await client.generation()],
    tokens: source.tokens,
    // The same values `systems.state` gives the page: JSON text read as what it encodes.
    readState: async (systemId, target, signal) =>
      readStateValues(await client.systemState(systemId, target, signal === undefined ? {} : { signal })),
    clock: source.clock,
    random: source.random,
    log: source.log,
    // A pong is the service answering. A socket that fails is not, by itself, a service that does
    // not answer (a proxy may refuse websockets and pass HTTP): the feeds fall back to polling and
    // the polls' own answers say whether the service is there, so the panel never flickers to
    // "not answering" while the room works.
    onHealth: (health) => {
      if (health.kind === 'answered') link.answered();
    },
  };
}
