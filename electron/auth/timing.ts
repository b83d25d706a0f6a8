/**
 * When to renew, and how long to wait after a failed attempt. Pure functions so the schedule can be
 * tested without a session.
 */

const FIVE_MINUTES = 5 * 60_000;
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 5 * 60_000;

/**
 * Renew at 80% of the lifetime or 5 minutes before expiry, whichever comes first. For lifetimes
 * under 10 minutes "5 minutes before" would fall before half-time (and at or before issue below 5
 * minutes, renewing in a loop), so renewal then waits for half the lifetime.
 */
export function refreshDelay(lifetimeMs: number): number {
  const wanted = Math.min(lifetimeMs * 0.8, lifetimeMs - FIVE_MINUTES);
  return Math.round(Math.max(wanted, lifetimeMs * 0.5));
}

/**
 * Exponential backoff with jitter for transient refresh failures: 2 s, 4 s, 8 s … capped at 5
 * minutes, each drawn from [½, 1] of that step so a fleet of panels does not retry in lockstep
 * after an outage.
 */
export function retryDelay(failures: number, random: () => number): number {
  const step = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS);
  return step / 2 + (step / 2) * random();
}
