/**
 * How long to wait before the next connection attempt. "Full jitter": a uniform draw between 0 and
 * an exponentially growing ceiling, so a fleet that lost the service together (an outage, a
 * restart) spreads its returns over the whole ceiling instead of arriving in waves. The very first
 * retry after a healthy socket drops is quick (a blip should cost a second, not thirty), and still
 * spread over its own window.
 */

export interface BackoffOptions {
  /** The first retry's window, ms: [firstMinMs, firstMaxMs). */
  firstMinMs: number;
  firstMaxMs: number;
  /** Ceiling of retry n ≥ 1: min(capMs, baseMs · 2^n). */
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = {
  firstMinMs: 300,
  firstMaxMs: 1_000,
  baseMs: 1_000,
  capMs: 30_000,
};

/**
 * Delay before attempt `failures` + 1, where `failures` counts attempts failed in a row (0 after a
 * socket that was open drops). `random` is in [0, 1), e.g. Math.random.
 */
export function reconnectDelay(
  failures: number,
  random: () => number,
  options: BackoffOptions = DEFAULT_BACKOFF,
): number {
  const drawn = random();
  // A broken random source (NaN, ±Infinity) must not make a NaN delay, i.e. an immediate retry loop.
  const r = Number.isFinite(drawn) ? Math.min(Math.max(drawn, 0), 1) : 0.5;
  if (failures <= 0) return Math.floor(options.firstMinMs + r * (options.firstMaxMs - options.firstMinMs));
  // 2^n overflows to Infinity long after it passes any cap; min() keeps it finite.
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** Math.min(failures, 52));
  return Math.floor(r * ceiling);
}
