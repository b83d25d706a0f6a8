// The poller core in Node with a fake bridge and a hand-driven clock: its heap over many poll cycles.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ModuleState } from '../../contract/types.ts';
import type { Clock } from '../../renderer/src/lib/time/clock.ts';
import { Poller } from '../../renderer/src/lib/live/poller.ts';

/** A clock whose timers run when the bench says so: 10,000 cycles take milliseconds, not hours. */
class ManualClock implements Clock {
  #now = 0;
  #seq = 0;
  readonly #timers = new Map<number, { at: number; fn: () => void }>();
  now = () => this.#now;
  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = ++this.#seq;
    this.#timers.set(id, { at: this.#now + ms, fn });
    return id;
  };
  clearTimeout = (handle: unknown): void => {
    this.#timers.delete(handle as number);
  };
  async advance(ms: number): Promise<void> {
    const until = this.#now + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.#timers)
        if (entry[1].at <= until && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.#timers.delete(next[0]);
      this.#now = next[1].at;
      next[1].fn();
      await Promise.resolve();
      await Promise.resolve();
    }
    this.#now = until;
  }
}

/** Heap growth (bytes) over `cycles` idle poll cycles of `modules` watched modules, after a warm-up. */
export async function benchHeap(cycles = 10_000, modules = 6): Promise<number> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const clock = new ManualClock();
  const latest = new Map<string, ModuleState>();
  let n = 0;
  const poller = new Poller({
    fetchState: async (t) => ({
      power: n++ % 2 === 0,
      volume: n % 100,
      inputs: ['hdmi1', 'hdmi2'],
      module: t.module,
    }),
    settings: { fastMs: 250, fastForMs: 5_000, idleMs: 2_000 },
    clock,
    isLinkLoss: () => false,
    messageOf: String,
    events: { state: (key, state) => latest.set(key, state), stale: () => {}, link: () => {} },
  });
  for (let m = 0; m < modules; m++) poller.watch({ module: `Module${m}`, index: 1 });
  poller.start();
  await clock.advance(100 * 2_000);
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let c = 0; c < cycles; c++) {
    if (c % 50 === 0) poller.pressed();
    await clock.advance(2_000);
  }
  poller.stop();
  gc();
  return process.memoryUsage().heapUsed - before;
}
