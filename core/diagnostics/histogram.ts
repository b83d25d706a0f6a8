/**
 * Round-trip times of the panel's state polls, in fixed buckets: how a technician tells a slow
 * service from a slow network from a healthy room, after the fact. Constant memory whatever the
 * uptime (a panel runs for months).
 */
export const BUCKETS_MS = [25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000] as const;

export class RoundTripHistogram {
  readonly #counts = new Array<number>(BUCKETS_MS.length + 1).fill(0);
  #failures = 0;
  #total = 0;
  #sum = 0;
  #max = 0;

  record(ms: number, ok: boolean): void {
    if (!ok) this.#failures += 1;
    const index = BUCKETS_MS.findIndex((limit) => ms <= limit);
    const slot = index === -1 ? BUCKETS_MS.length : index;
    this.#counts[slot] = (this.#counts[slot] ?? 0) + 1;
    this.#total += 1;
    this.#sum += ms;
    this.#max = Math.max(this.#max, ms);
  }

  snapshot(): {
    buckets: Record<string, number>;
    total: number;
    failures: number;
    meanMs: number;
    maxMs: number;
  } {
    const buckets: Record<string, number> = {};
    BUCKETS_MS.forEach((limit, i) => {
      buckets[`<=${limit}ms`] = this.#counts[i] ?? 0;
    });
    buckets[`>${BUCKETS_MS.at(-1)}ms`] = this.#counts[BUCKETS_MS.length] ?? 0;
    return {
      buckets,
      total: this.#total,
      failures: this.#failures,
      meanMs: this.#total === 0 ? 0 : Math.round(this.#sum / this.#total),
      maxMs: Math.round(this.#max),
    };
  }
}
