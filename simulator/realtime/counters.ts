import type { Simulator } from '../control/simulator.ts';

/**
 * What the control websocket costs the simulator, counted at the socket: connections opened and
 * frames each way by kind, so a benchmark can say what an idle panel's socket carries (the live
 * channel's goal counts pings and pongs too). Kinds: a request's `cmd` (bind, exec …) or text `ping`/`pong`
 * in; a reply's `type` (success, notify, error, debug) or text `pong` out; `ws-ping`/`ws-pong` are
 * the protocol's control frames (the ws library answers a ping with a pong by itself).
 */
export interface RealtimeCounts {
  connections: number;
  framesIn: number;
  framesOut: number;
  in: Record<string, number>;
  out: Record<string, number>;
}

export class RealtimeCounters {
  #connections = 0;
  #in = new Map<string, number>();
  #out = new Map<string, number>();

  opened(): void {
    this.#connections += 1;
  }

  received(kind: string): void {
    this.#in.set(kind, (this.#in.get(kind) ?? 0) + 1);
  }

  sent(kind: string): void {
    this.#out.set(kind, (this.#out.get(kind) ?? 0) + 1);
  }

  /** The counts since the start or the last reset. */
  read(): RealtimeCounts {
    const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    return {
      connections: this.#connections,
      framesIn: sum(this.#in),
      framesOut: sum(this.#out),
      in: Object.fromEntries(this.#in),
      out: Object.fromEntries(this.#out),
    };
  }

  reset(): void {
    this.#connections = 0;
    this.#in = new Map();
    this.#out = new Map();
  }
}

// A cheap look at a frame's kind: frames are small JSON written by us or a client, and a benchmark
// at 500 sockets should not pay a full parse per frame to count it.
const TYPE = /"type"\s*:\s*"(\w+)"/;
const CMD = /"cmd"\s*:\s*"(\w+)"/;

/** The kind of a text frame the server sends. */
export function outKind(text: string): string {
  if (text === 'pong') return 'pong';
  return TYPE.exec(text)?.[1] ?? 'other';
}

/** The kind of a text frame a client sends (`other` for anything without a command). */
export function inKind(text: string): string {
  if (text === 'ping' || text === 'pong') return text;
  return CMD.exec(text)?.[1] ?? 'other';
}

const bySimulator = new WeakMap<Simulator, RealtimeCounters>();

/** The counters of a simulator's control websocket (made with its first socket route). */
export function realtimeCounters(sim: Simulator): RealtimeCounters {
  let counters = bySimulator.get(sim);
  if (!counters) {
    counters = new RealtimeCounters();
    bySimulator.set(sim, counters);
  }
  return counters;
}
