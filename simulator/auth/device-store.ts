import { randomInt } from 'node:crypto';
import { hashToken, randomToken } from './tokens.ts';

/**
 * Device authorization requests (RFC 8628): a device code the panel polls with, a user code a person
 * approves at the verification page, and the polling rules. Pure state over an injected `now`; the
 * routes and the token endpoint do the HTTP.
 */

/** RFC 8628 §6.1: consonants only (no words by accident), no look-alikes asked for here: 20 letters. */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
const USER_CODE_LENGTH = 8;
/** The wire contract's numbers. */
export const DEVICE_CODE_TTL_S = 600;
export const DEVICE_POLL_INTERVAL_S = 5;
/** RFC 8628 §3.5: a `slow_down` adds 5 s to the interval from then on. */
const SLOW_DOWN_STEP_S = 5;
/** How long a finished request is remembered, so its device code gets a clear answer, not "unknown". */
const FINISHED_MEMORY_MS = 10 * 60_000;

export type DeviceStatus = 'pending' | 'approved' | 'denied' | 'issued';

export interface DeviceRecord {
  clientId: string;
  scope: string;
  /** Normalised: 8 letters, no dash. */
  userCode: string;
  expiresAt: number;
  intervalS: number;
  /** When the device last polled; null before its first poll. */
  lastPollAt: number | null;
  status: DeviceStatus;
  /** Who approved (status `approved` / `issued`). */
  userId: string | null;
}

export interface IssuedDeviceCode {
  deviceCode: string;
  userCode: string;
  expiresIn: number;
  interval: number;
}

/** What a poll of the token endpoint gets, before tokens are minted. */
export type PollOutcome =
  | { kind: 'error'; error: 'authorization_pending' | 'slow_down' | 'access_denied' | 'expired_token' }
  | { kind: 'invalid'; reason: string }
  | { kind: 'approved'; record: DeviceRecord };

/** Upper-case letters of the alphabet only: a person may type `bcdf-ghjk`, `BCDF GHJK` or `BCDFGHJK`. */
export function normaliseUserCode(input: string): string | null {
  const letters = input.toUpperCase().replace(/[\s-]/g, '');
  if (letters.length !== USER_CODE_LENGTH) return null;
  for (const ch of letters) if (!USER_CODE_ALPHABET.includes(ch)) return null;
  return letters;
}

/** `XXXX-XXXX`, as the panel shows it and the person types it. */
export const displayUserCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;

function newUserCode(): string {
  let code = '';
  for (let i = 0; i < USER_CODE_LENGTH; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

export class DeviceStore {
  /** By the device code's hash: a leaked snapshot of memory holds no usable device code. */
  readonly #byDevice = new Map<string, DeviceRecord>();
  readonly #byUser = new Map<string, DeviceRecord>();

  issue(clientId: string, scope: string, now: number): IssuedDeviceCode {
    this.#sweep(now);
    let userCode = newUserCode();
    // 20^8 codes: a clash is unlikely, but a clash would hand one person's approval to another device.
    while (this.#byUser.has(userCode)) userCode = newUserCode();
    const deviceCode = randomToken();
    const record: DeviceRecord = {
      clientId,
      scope,
      userCode,
      expiresAt: now + DEVICE_CODE_TTL_S * 1000,
      intervalS: DEVICE_POLL_INTERVAL_S,
      lastPollAt: null,
      status: 'pending',
      userId: null,
    };
    this.#byDevice.set(hashToken(deviceCode), record);
    this.#byUser.set(userCode, record);
    return { deviceCode, userCode, expiresIn: DEVICE_CODE_TTL_S, interval: DEVICE_POLL_INTERVAL_S };
  }

  /** The pending, unexpired request a person typed the code of; null for anything else. */
  pendingByUserCode(input: string, now: number): DeviceRecord | null {
    const code = normaliseUserCode(input);
    const record = code === null ? undefined : this.#byUser.get(code);
    if (record === undefined || record.status !== 'pending' || record.expiresAt <= now) return null;
    return record;
  }

  /** The person's answer at the verification page. Only a pending request can be answered, once. */
  answer(record: DeviceRecord, userId: string, approve: boolean): void {
    if (record.status !== 'pending') return;
    record.status = approve ? 'approved' : 'denied';
    record.userId = approve ? userId : null;
  }

  /**
   * RFC 8628 §3.5. The interval is measured between polls as they arrive: a poll sooner than the
   * interval after the previous one is `slow_down`, and the interval grows for good.
   */
  poll(deviceCode: string, clientId: string, now: number): PollOutcome {
    const record = this.#byDevice.get(hashToken(deviceCode));
    if (record === undefined) return { kind: 'invalid', reason: 'device_code is invalid' };
    if (record.clientId !== clientId)
      return { kind: 'invalid', reason: 'device_code was issued to another client' };
    if (record.status === 'issued') return { kind: 'invalid', reason: 'device_code has already been used' };
    if (record.expiresAt <= now) return { kind: 'error', error: 'expired_token' };
    if (record.status === 'denied') return { kind: 'error', error: 'access_denied' };
    const last = record.lastPollAt;
    record.lastPollAt = now;
    if (last !== null && now - last < record.intervalS * 1000) {
      record.intervalS += SLOW_DOWN_STEP_S;
      return { kind: 'error', error: 'slow_down' };
    }
    if (record.status === 'pending') return { kind: 'error', error: 'authorization_pending' };
    return { kind: 'approved', record };
  }

  /** Tokens were issued: the device code is spent (a second exchange is refused). */
  markIssued(record: DeviceRecord): void {
    record.status = 'issued';
  }

  #sweep(now: number): void {
    for (const [hash, record] of this.#byDevice) {
      if (record.expiresAt + FINISHED_MEMORY_MS > now) continue;
      this.#byDevice.delete(hash);
      if (this.#byUser.get(record.userCode) === record) this.#byUser.delete(record.userCode);
    }
  }
}
