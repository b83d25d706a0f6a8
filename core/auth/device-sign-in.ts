import type { Clock, TimerHandle } from '../api/clock.ts';
import { RoomdeckError, SignInError } from '../api/errors.ts';
import {
  type DeviceAuthorization,
  deviceAuthorization,
  isTransient,
  type OAuthContext,
  pollDeviceCode,
  type TokenSet,
} from './flows.ts';
import type { DeviceCodeView } from './session-types.ts';
import { ErrorCode } from '../../contract/error-codes.ts';

/** RFC 8628 §3.5: every `slow_down` adds 5 s to the interval for good. */
const SLOW_DOWN_STEP_MS = 5_000;

/** What a device sign-in needs from the Session it signs in. */
export interface DeviceSignInDeps {
  oauth: OAuthContext;
  clock: Clock;
  /** The session still waits for this sign-in (it is signing in, and by no other way). */
  stillWanted: () => boolean;
  /** Asking for a code failed while the session still waited for it. */
  startFailed: (err: unknown) => void;
  /** Stores and uses the approved tokens; a failure ends the sign-in with its reason. */
  adopt: (tokens: TokenSet) => Promise<void>;
  /** Tokens nobody will use (the sign-in was given up while the approval came in). */
  revoke: (tokens: TokenSet) => Promise<void>;
  /** The code was denied, ran out, or the service refused: the sign-in is over. */
  failed: (err: unknown) => void;
}

interface DeviceAttempt {
  readonly authorization: DeviceAuthorization;
  intervalMs: number;
  timer: TimerHandle | null;
}

/**
 * Sign-in without a keyboard (RFC 8628): a code a person approves on a phone, and the polls for
 * the tokens until they do, the code runs out, or the sign-in is given up.
 */
export class DeviceSignIn {
  readonly #deps: DeviceSignInDeps;
  /** The sign-in under way, polled until the person answers on their phone. */
  #device: DeviceAttempt | null = null;
  /** Bumped when a device sign-in is started or given up, so a late answer of an old one is dropped. */
  #seq = 0;

  constructor(deps: DeviceSignInDeps) {
    this.#deps = deps;
  }

  get inProgress(): boolean {
    return this.#device !== null;
  }

  /** The code to approve while a device sign-in is under way; null otherwise. */
  view(): DeviceCodeView | null {
    const device = this.#device;
    if (device === null) return null;
    const { userCode, verificationUri, verificationUriComplete, expiresAt } = device.authorization;
    return {
      userCode,
      verificationUri,
      verificationUriComplete,
      expiresInMs: Math.max(0, expiresAt - this.#deps.clock.now()),
    };
  }

  /**
   * Asks the service for a code and starts polling. Null when the sign-in was given up (`stop`) or
   * is no longer wanted by the time the service answered: then this code is nobody's.
   */
  async begin(): Promise<DeviceCodeView | null> {
    const seq = this.#seq;
    let authorization: DeviceAuthorization;
    try {
      authorization = await deviceAuthorization(this.#deps.oauth);
    } catch (err) {
      if (seq === this.#seq) this.#deps.startFailed(err);
      throw err;
    }
    if (seq !== this.#seq || !this.#deps.stillWanted()) return null;
    const device: DeviceAttempt = { authorization, intervalMs: authorization.intervalMs, timer: null };
    this.#device = device;
    this.#pollLater(device);
    return this.view();
  }

  /** Gives up the sign-in under way (if any): no more polls, and a late approval signs nobody in. */
  stop(): void {
    const device = this.#device;
    this.#device = null;
    this.#seq++;
    if (device?.timer != null) this.#deps.clock.clearTimeout(device.timer);
  }

  #pollLater(device: DeviceAttempt): void {
    device.timer = this.#deps.clock.setTimeout(() => {
      device.timer = null;
      void this.#poll(device);
    }, device.intervalMs);
  }

  async #poll(device: DeviceAttempt): Promise<void> {
    if (this.#device !== device) return;
    if (this.#deps.clock.now() >= device.authorization.expiresAt) {
      this.#fail(device, new SignInError(ErrorCode.ROOMDECK_SIGN_IN_CODE_EXPIRED));
      return;
    }
    let answer: Awaited<ReturnType<typeof pollDeviceCode>>;
    try {
      answer = await pollDeviceCode(this.#deps.oauth, device.authorization.deviceCode);
    } catch (err) {
      if (this.#device !== device) return;
      // Offline for a moment, a 5xx: the code is still good, so keep asking.
      if (err instanceof RoomdeckError && isTransient(err)) this.#pollLater(device);
      else this.#fail(device, err);
      return;
    }
    if (this.#device !== device) {
      if (answer.kind === 'tokens') void this.#deps.revoke(answer.tokens);
      return;
    }
    if (answer.kind === 'slow-down') device.intervalMs += SLOW_DOWN_STEP_MS;
    if (answer.kind !== 'tokens') {
      this.#pollLater(device);
      return;
    }
    this.#device = null;
    await this.#deps.adopt(answer.tokens);
  }

  #fail(device: DeviceAttempt, err: unknown): void {
    if (this.#device !== device) return;
    this.stop();
    this.#deps.failed(err);
  }
}
