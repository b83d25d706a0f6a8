/**
 * When to renew, and how long to wait after a failed attempt. Pure functions so the schedule can be
 * tested without a session.
 */

const FIVE_MINUTES = 5 * 60_000;
const FIRST_RETRY_MS = 2_000;
/**
 * Short on purpose: a panel must be live again within 5 s of the service recovering, and a refresh
 * whose answer was lost must be retried inside the service's 30 s reuse interval.
 */
const MAX_RETRY_MS = 4_000;

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
 * Exponential backoff with jitter for transient refresh failures: 2 s, then 4 s and no more, each
 * drawn from [½, 1] of that step so a fleet of panels does not retry in lockstep after an outage.
 */
export function retryDelay(failures: number, random: () => number): number {
  const step = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS);
  return step / 2 + (step / 2) * random();
}
