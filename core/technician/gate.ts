import { ErrorCode } from '../../contract/error-codes.ts';
import type { Static } from '@sinclair/typebox';
import type { Clock, TimerHandle } from '../api/clock.ts';
import { RoomdeckError } from '../api/errors.ts';
import type { DeviceCodeView, SessionStatus, SignInStart } from '../auth/session.ts';
import type { TechnicianAccess, UnlockResult } from '../../contract/technician.ts';
import type { Log } from '../log/log.ts';
import { Lockout, type LockoutStore } from './lockout.ts';
import { type PinHash, verifyPin } from './pin.ts';

/**
 * The PIN gate in front of the technician tools on a kiosk panel. It holds the PIN hash (from the
 * configuration), the lock-out and the inactivity timeout, and owns the technician's session's
 * lifetime: the gate closing (Close, the timeout) always signs the technician out. Only the main
 * process has one; the renderer only learns `open`, tries left and time left.
 */

type AccessView = Static<typeof TechnicianAccess>;
type Unlocked = Static<typeof UnlockResult>;

/** The parts of a Session the gate drives (the technician's own, never the panel's). */
export interface TechnicianSession {
  status(): SessionStatus;
  beginSignIn(): Promise<SignInStart>;
  /** Sign-in approved on a phone (RFC 8628); absent where the session cannot do it. */
  beginDeviceSignIn?(): Promise<DeviceCodeView | null>;
  deviceCode?(): DeviceCodeView | null;
  signOut(): Promise<void>;
  /** Ends the sign-in under way, if any (the person gave up on it). */
  cancelSignIn?(): void;
  onChange(listener: (status: SessionStatus) => void): () => void;
}

export interface TechnicianGateOptions {
  /** null: no PIN configured (or not a kiosk): no technician access at all. */
  pinHash: PinHash | null;
  idleTimeoutMs: number;
  session: TechnicianSession;
  clock: Clock;
  lockout?: Lockout;
  /**
   * Keeps the lock-out across restarts (a file in the data folder). Without one it lives in memory
   * only, which a restart, or a crash the watchdog restarts, would reset.
   */
  store?: LockoutStore;
  verify?: (pin: string, hash: PinHash) => Promise<boolean>;
  /**
   * The renderer closes the tools when its visible countdown ends; the gate closes them itself
   * this much later, in case the page that should have is gone (crashed, navigated away).
   */
  graceMs?: number;
  /**
   * Who opened the tools on this panel and when: PINs accepted and refused, the pad locking, the
   * tools closing and why. Never the PIN itself.
   */
  log?: Log;
}

export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;
const DEFAULT_GRACE_MS = 15_000;

export class TechnicianGate {
  readonly #options: TechnicianGateOptions;
  readonly #clock: Clock;
  readonly #lockout: Lockout;
  readonly #verify: (pin: string, hash: PinHash) => Promise<boolean>;
  #open = false;
  #lastActivity = 0;
  #timer: TimerHandle | null = null;
  /** One PIN at a time: parallel guesses would otherwise all be hashed before the lock-out counts them. */
  #checking: Promise<unknown> = Promise.resolve();

  constructor(options: TechnicianGateOptions) {
    this.#options = options;
    this.#clock = options.clock;
    this.#lockout = options.lockout ?? new Lockout();
    // Only a gate with a PIN reads the record: without one nothing is ever checked.
    if (options.store !== undefined && options.pinHash !== null) this.#restore(options.store);
    this.#verify = options.verify ?? verifyPin;
    // A sign-in finishing (the browser came back) is the technician at work.
    options.session.onChange(() => {
      if (this.#open) this.touch();
    });
  }

  get available(): boolean {
    return this.#options.pinHash !== null;
  }

  get open(): boolean {
    return this.#open;
  }

  status(): AccessView {
    const now = this.#clock.now();
    const locked = this.#lockout.check(now);
    return {
      available: this.available,
      open: this.#open,
      triesLeft: this.#lockout.triesLeft(now),
      retryInMs: locked.allowed ? 0 : Math.ceil(locked.retryInMs),
      idleTimeoutMs: this.#options.idleTimeoutMs,
      session: this.#options.session.status(),
      ...this.#device(),
    };
  }

  #restore(store: LockoutStore): void {
    let recorded: ReturnType<LockoutStore['load']>;
    try {
      recorded = store.load();
    } catch {
      recorded = 'damaged';
    }
    this.#lockout.restore(recorded, this.#clock.now());
    if (recorded !== 'damaged') return;
    this.#options.log?.warn('technician PIN lock-out record unreadable: pad locked for the first period', {
      retryInMs: this.status().retryInMs,
    });
    // Written back whole, so the next start reads a sound record instead of locking again.
    this.#persist();
  }

  /** The lock-out to disk; a disk that will not take it leaves the gate working on memory. */
  #persist(): void {
    const store = this.#options.store;
    if (store === undefined) return;
    try {
      store.save(this.#lockout.snapshot());
    } catch (err) {
      this.#options.log?.warn('technician PIN lock-out could not be saved; kept in memory only', {
        reason: err instanceof Error ? err.message : String(err),
      });
    }
  }

  #device(): { device?: DeviceCodeView } {
    const device = this.#open ? (this.#options.session.deviceCode?.() ?? null) : null;
    return device === null ? {} : { device };
  }

  unlock(pin: string): Promise<Unlocked> {
    const next = this.#checking.then(() => this.#unlock(pin));
    this.#checking = next.catch(() => undefined);
    return next;
  }

  async #unlock(pin: string): Promise<Unlocked> {
    const hash = this.#options.pinHash;
    if (hash === null) return { outcome: 'unavailable', access: this.status() };
    if (this.#open) {
      this.touch();
      return { outcome: 'opened', access: this.status() };
    }
    if (!this.#lockout.check(this.#clock.now()).allowed) return { outcome: 'locked', access: this.status() };
    // Counted as wrong, and on the disk, before it is checked: a process that dies while hashing
    // (killed, crashed, restarted by the watchdog) has still used up the try. A right PIN undoes it.
    const { retryInMs } = this.#lockout.wrong(this.#clock.now());
    this.#persist();
    const right = await this.#verify(pin, hash).catch(() => false);
    const log = this.#options.log;
    if (!right) {
      if (retryInMs > 0) log?.warn('technician PIN refused: pad locked', { retryInMs: Math.ceil(retryInMs) });
      else log?.warn('technician PIN refused', { triesLeft: this.#lockout.triesLeft(this.#clock.now()) });
      return { outcome: retryInMs > 0 ? 'locked' : 'wrong', access: this.status() };
    }
    this.#lockout.right();
    this.#persist();
    this.#open = true;
    log?.info('technician tools opened', { idleTimeoutMs: this.#options.idleTimeoutMs });
    this.touch();
    return { outcome: 'opened', access: this.status() };
  }

  /** The technician's sign-in; only behind an open gate. */
  async signIn(): Promise<SignInStart> {
    this.assertOpen();
    return this.#options.session.beginSignIn();
  }

  /**
   * The technician's sign-in on a phone: a QR code and a user code to approve there (RFC 8628).
   * Only behind an open gate. Null when the session cannot do it or is signed in already.
   */
  async deviceSignIn(): Promise<DeviceCodeView | null> {
    this.assertOpen();
    return (await this.#options.session.beginDeviceSignIn?.()) ?? null;
  }

  /** The technician gave up on the sign-in under way (Cancel): it ends; the gate stays open. */
  cancelSignIn(): void {
    this.assertOpen();
    this.#options.session.cancelSignIn?.();
  }

  /** Refuses anything technician-only unless the gate is open; counts as activity when it is. */
  assertOpen(): void {
    if (!this.#open) throw new RoomdeckError(ErrorCode.ROOMDECK_TECHNICIAN_LOCKED);
    this.touch();
  }

  touch(): void {
    if (!this.#open) return;
    this.#lastActivity = this.#clock.now();
    this.#arm(this.#options.idleTimeoutMs + (this.#options.graceMs ?? DEFAULT_GRACE_MS));
  }

  /** Locks the gate and signs the technician out (revoking); the panel's own session is not touched. */
  async close(why: 'closed' | 'idle' = 'closed'): Promise<void> {
    if (this.#open) this.#options.log?.info('technician tools closed', { why });
    this.#open = false;
    this.#disarm();
    await this.#options.session.signOut().catch(() => undefined);
  }

  #arm(ms: number): void {
    this.#disarm();
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = null;
      this.#expire();
    }, ms);
  }

  #expire(): void {
    if (!this.#open) return;
    const limit = this.#options.idleTimeoutMs + (this.#options.graceMs ?? DEFAULT_GRACE_MS);
    const idle = this.#clock.now() - this.#lastActivity;
    // A sign-in under way is the technician at the service's login page: it has its own deadline.
    if (this.#options.session.status().state === 'signing-in') {
      this.#arm(limit);
      return;
    }
    if (idle < limit) {
      this.#arm(limit - idle);
      return;
    }
    void this.close('idle');
  }

  dispose(): void {
    this.#disarm();
  }

  #disarm(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
  }
}
