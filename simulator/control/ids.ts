import { randomBytes } from 'node:crypto';

/** Ids in the service's style: a kind prefix and random hex, so they never collide across restarts. */
export const newId = (prefix: 'sys' | 'mod' | 'zone' | 'dep'): string =>
  `${prefix}-${randomBytes(6).toString('hex')}`;

/** Seconds since the Unix epoch, as the wire contract has timestamps. */
export const epochSeconds = (ms: number): number => Math.floor(ms / 1000);
