import type { RoomOpening } from '../../../contract/types.ts';
import type { RoomdeckApi } from '../../../contract/verbs.ts';
import { ErrorCode } from '../../../contract/error-codes.ts';
import type { ControlClient, ExecCall } from '../../api/client.ts';
import type { Clock } from '../../api/clock.ts';
import { toBridgeError } from '../../api/errors.ts';
import { EXEC_ANSWER_MS, withinDeadline } from '../../api/exec-deadline.ts';
import { readStateValues } from '../../api/tolerant.ts';
import type { RoundTripHistogram } from '../../diagnostics/histogram.ts';
import type { LinkHealth } from '../../link/health.ts';
import type { LiveFeeds } from '../../live/feeds.ts';
import type { Log } from '../../log/log.ts';
import type { Capabilities } from '../capabilities.ts';
import { serviceCalls } from './calls.ts';

/**
 * The room as a panel draws it. The module list (types) is asked for beside the record, and each
 * module's funcs and state as soon as the list is in, without waiting for the record.
 */
export async function openRoom(client: ControlClient, id: string): Promise<RoomOpening> {
  const types = client.types(id);
  const detail = client.getSystemDetail(id);
  // Both are awaited below; a failure of one must not go unhandled while the other is awaited.
  detail.catch(() => undefined);
  const modules = types.then((counts) =>
    Promise.all(
      Object.entries(counts)
        .flatMap(([module, count]) =>
          Array.from({ length: count }, (_, i) => ({ module, index: i + 1, count })),
        )
        .map(async (m) => {
          const ref = { module: m.module, index: m.index };
          const [funcs, state] = await Promise.all([
            client.funcs(id, ref),
            // A module whose state cannot be read still gets its controls; the poller retries.
            client
              .systemState(id, ref)
              .then(readStateValues)
              .catch(() => ({})),
          ]);
          return { ...m, funcs, state };
        }),
    ),
  );
  modules.catch(() => undefined);
  return { detail: await detail, types: await types, modules: await modules };
}

export interface SystemsVerbsDeps {
  ready: Promise<void>;
  client: ControlClient;
  capabilities: Capabilities;
  clock: Clock;
  log: Log;
  /** How long the panel's state polls take (the diagnostics bundle shows it). */
  pollRoundTrips: RoundTripHistogram;
  /** The route's live channel: exec goes over its socket while it is open. */
  live?: () => LiveFeeds | undefined;
  /** The socket's answers tell the link model too, as the HTTP client's do (principal.ts). */
  link?: LinkHealth;
  /** How long an HTTP exec waits before its link is probed (default EXEC_ANSWER_MS). */
  execAnswerMs?: number;
}

/** `work`'s outcome reported to `link`, as `observed` does for the HTTP client's calls. */
async function reported<T>(work: Promise<T>, link: LinkHealth | undefined): Promise<T> {
  try {
    const value = await work;
    link?.answered();
    return value;
  } catch (err) {
    link?.failed(err);
    throw err;
  }
}

export function systemsVerbs(deps: SystemsVerbsDeps): RoomdeckApi['systems'] {
  const { client, clock, log, pollRoundTrips } = deps;
  const { after, learning, command } = serviceCalls(deps.ready, deps.capabilities);
  /** The HTTP exec within the press's deadline; an unanswered one also tells the link model. */
  const overHttp = (id: string, call: ExecCall): Promise<unknown> =>
    withinDeadline(
      clock,
      deps.execAnswerMs ?? EXEC_ANSWER_MS,
      (signal) => client.exec(id, call, { signal }),
      // The cheapest question about the same room: answered, the service is alive and the command
      // is still being worked on (a room logic waiting on a slow device); not, it is frozen or gone.
      (signal) => client.count(id, call.module, { signal }),
    ).catch((err: unknown) => {
      if (toBridgeError(err).code === ErrorCode.ROOMDECK_EXEC_UNANSWERED) deps.link?.failed(err);
      throw err;
    });
  return {
    list: after((a) =>
      client.listSystems({
        q: a.q,
        limit: a.limit,
        offset: a.offset,
        zoneId: a.zoneId,
        moduleId: a.moduleId,
      }),
    ),
    get: after((a) => client.getSystemDetail(a.id)),
    open: after(async (a) => openRoom(client, a.id)),
    create: after(learning('systems.create', (a) => client.createSystem(a.system))),
    update: after(learning('systems.update', (a) => client.updateSystem(a.id, a.version, a.changes))),
    remove: command('systems.remove', (a) => client.deleteSystem(a.id)),
    start: command('systems.startStop', (a) => client.startSystem(a.id)),
    stop: command('systems.startStop', (a) => client.stopSystem(a.id)),
    exec: after(
      learning('systems.exec', async (a) => {
        const call = { module: a.module, index: a.index, method: a.method, args: a.args };
        // Over the socket while it is open (its errors are the HTTP exec's); over HTTP otherwise.
        // Never both: a command that may have run is not sent twice. Either way an answer that has
        // not come within EXEC_ANSWER_MS has the link probed, and a link that does not answer the
        // probe fails the press (exec-deadline.ts; the socket probes with a ping).
        const overSocket = deps.live?.()?.exec(a.id, call);
        try {
          return {
            result:
              overSocket === undefined ? await overHttp(a.id, call) : await reported(overSocket, deps.link),
          };
        } catch (err) {
          // Which command failed and why, never its arguments (a keypad's PIN is an argument).
          const { code, message } = toBridgeError(err);
          log.warn('exec failed', {
            systemId: a.id,
            module: a.module,
            index: a.index,
            method: a.method,
            over: overSocket === undefined ? 'http' : 'socket',
            code,
            message,
          });
          throw err;
        }
      }),
    ),
    // The panel compares and shows these: JSON text ("true", "15") is read as what it encodes.
    state: after(async (a) => {
      const started = clock.now();
      try {
        const state = await client.systemState(a.id, { module: a.module, index: a.index, lookup: a.lookup });
        pollRoundTrips.record(clock.now() - started, true);
        return readStateValues(state);
      } catch (err) {
        pollRoundTrips.record(clock.now() - started, false);
        throw err;
      }
    }),
    funcs: after((a) => client.funcs(a.id, { module: a.module, index: a.index })),
    count: after(async (a) => ({ count: await client.count(a.id, a.module) })),
    types: after((a) => client.types(a.id)),
    zones: after((a) => client.listZones({ q: a.q, limit: a.limit, offset: a.offset })),
  };
}
