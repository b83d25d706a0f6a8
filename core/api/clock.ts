/**
 * Time as Roomdeck's logic sees it. Passed in everywhere so that refresh schedules, backoff and
 * request timeouts run under a fake clock in tests.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** Opaque: whatever the clock's setTimeout returned. */
export type TimerHandle = unknown;

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    // A pending refresh or timeout must not keep a CLI or test process alive on its own.
    timer.unref?.();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
};
