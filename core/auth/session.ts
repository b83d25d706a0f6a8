import { ErrorCode } from '../../contract/error-codes.ts';
import { type Clock, systemClock, type TimerHandle } from '../api/clock.ts';
import { AuthError, ConfigError, RoomdeckError, SignInError, toBridgeError } from '../api/errors.ts';
import type { AccessTokenSource } from '../api/transport.ts';
import type { StoredTokens, TokenVault } from '../store/vault.ts';
import {
  authorizationUrl,
  checkCallbackState,
  type DeviceAuthorization,
  deviceAuthorization,
  deviceGrantUnavailable,
  endSessionRequestUrl,
  endsSession,
  exchangeCode,
  isTransient,
  type OAuthContext,
  passwordGrant,
  pollDeviceCode,
  refreshGrant,
  revokeToken,
  type ServiceAccount,
  type TokenSet,
  validateCallback,
} from './flows.ts';
import { type LoopbackReceiver, SIGN_IN_WINDOW_MS, startLoopbackReceiver } from './loopback.ts';
import { createPkce, createState } from './pkce.ts';
import { type SignOutMemory, signOutInMemory } from './sign-out-memory.ts';
import { refreshDelay, retryDelay } from './timing.ts';

/**
 * The Session: who Roomdeck is signed in as, kept alive. It owns the tokens (the rest of the app
 * only ever asks it for an access token), renews them ahead of expiry and after a 401 with one
 * shared refresh, and turns the end of a session into a state plus a reason the UI can show.
 */

export type SessionState = 'signed-out' | 'signing-in' | 'signed-in';

export interface SessionReason {
  code: string;
  message: string;
}

export interface SessionStatus {
  state: SessionState;
  /** Why the last session ended or the last sign-in failed; null when there is nothing to say. */
  reason: SessionReason | null;
  /** Origin of the service; never a token. */
  server: string;
}

/**
 * How the authorization request reaches a browser. Electron opens the system browser and listens on
 * a loopback port (RFC 8252 §7.3); the browser host navigates its own page and receives the
 * redirect on its own callback route. A kiosk panel, where nobody could close a system browser,
 * shows the service's login page in an isolated window of its own (`in-app-window`, same loopback
 * redirect) that closes when the sign-in ends.
 */
export type SignInMode = 'system-browser' | 'host-redirect' | 'in-app-window';

/** in-app-window: what the opened window offers the Session. */
export interface SignInWindowHandle {
  close(): void;
}

/**
 * in-app-window: shows `url` in an isolated window that may only visit the service and
 * `redirectUri`. `onClosed` is called when the person closes the window before the sign-in ended.
 */
export type OpenSignInWindow = (
  url: string,
  redirectUri: string,
  onClosed: () => void,
) => Promise<SignInWindowHandle> | SignInWindowHandle;

/** A device sign-in under way (RFC 8628): what the panel shows for a person to approve on a phone. */
export interface DeviceCodeView {
  userCode: string;
  verificationUri: string;
  /** The page with the code in it (for the QR code); null when the service sends none. */
  verificationUriComplete: string | null;
  /** Until the code runs out, from now. */
  expiresInMs: number;
}

interface DeviceAttempt {
  readonly authorization: DeviceAuthorization;
  intervalMs: number;
  timer: TimerHandle | null;
}

/** RFC 8628 §3.5: every `slow_down` adds 5 s to the interval for good. */
const SLOW_DOWN_STEP_MS = 5_000;

export interface SignInStart {
  /** host-redirect: where the page must go. system-browser: null (the browser was opened). */
  navigateTo: string | null;
  /** Settles when this sign-in succeeds or fails; the status reflects it either way. */
  completion: Promise<void>;
}

export interface SessionOptions {
  oauth: OAuthContext;
  vault: TokenVault;
  serverUrl: string;
  clientId: string;
  signInMode: SignInMode;
  /** system-browser: opens a URL in the user's browser (Electron's shell.openExternal). */
  openExternal?: (url: string) => Promise<void> | void;
  /** host-redirect: the host's callback route, used as redirect_uri. */
  hostCallbackUrl?: string;
  /** in-app-window: opens the isolated sign-in window (electron/window/sign-in-window.ts). */
  openSignInWindow?: OpenSignInWindow;
  /** Managed installs: sign in with the password grant as this account. */
  serviceAccount?: ServiceAccount;
  clock?: Clock;
  /** [0, 1); jitter for retry delays. */
  random?: () => number;
  /** How long a started sign-in waits for the browser. */
  signInTimeoutMs?: number;
  /**
   * Remembers an explicit sign-out across restarts, so the next interactive sign-in asks the
   * service for credentials again (`prompt=login`). Default: this process only.
   */
  signOutMemory?: SignOutMemory;
  /** Told how each token refresh went (the log): never given a token. */
  onRefresh?: (outcome: RefreshOutcome) => void;
  /**
   * system-browser: the service's end-session page, opened after an explicit sign-out so the
   * browser's login session at the service ends too (where the service offers one).
   */
  endSessionUrl?: string | undefined;
}

/** How one refresh went: renewed, failed and kept for a retry, or failed and the session ended. */
export type RefreshOutcome =
  | { ok: true }
  | { ok: false; code: string; endsSession: boolean; retryInMs: number | null };

interface Attempt {
  readonly state: string;
  readonly verifier: string;
  redirectUri: string;
  /** The authorization request, kept so "Open the browser again" reopens this same sign-in. */
  authorizeUrl: string;
  receiver: LoopbackReceiver | null;
  /** in-app-window: the sign-in window, closed when the attempt ends however it ends. */
  window: SignInWindowHandle | null;
  timer: TimerHandle | null;
  claimed: boolean;
  readonly resolve: () => void;
  readonly reject: (err: unknown) => void;
}

type Listener = (status: SessionStatus) => void;

interface Reauth {
  timer: TimerHandle | null;
  failures: number;
  /** The password grant under way, shared by everyone waiting for it. */
  inflight: Promise<void> | null;
  /** Why the last attempt failed; `refused` when the service said no (not a network fault). */
  lastError: unknown;
  refused: boolean;
}
type CredentialsListener = (refused: boolean) => void;

/** Repeated 401s renew the token at most this often (a refresh does not cure a gateway glitch). */
const UNAUTHORIZED_REFRESH_EVERY_MS = 30_000;
/** A managed account refused by the service is tried again this often (someone may fix it). */
const REFUSED_SIGN_IN_RETRY_MS = 60_000;

export class Session implements AccessTokenSource {
  readonly #options: SessionOptions;
  readonly #clock: Clock;
  readonly #random: () => number;
  readonly #server: string;
  #state: SessionState = 'signed-out';
  #reason: SessionReason | null = null;
  #tokens: TokenSet | null = null;
  #attempt: Attempt | null = null;
  /** A device sign-in under way (RFC 8628), polled until the person answers on their phone. */
  #device: DeviceAttempt | null = null;
  /** Bumped when a device sign-in is started or given up, so a late answer of an old one is dropped. */
  #deviceSeq = 0;
  #refreshing: Promise<void> | null = null;
  #renewedFor401At = Number.NEGATIVE_INFINITY;
  #refusedAt: number | null = null;
  readonly #credentialsListeners = new Set<CredentialsListener>();
  #credentialsRefusedNotified = false;
  readonly #signOutMemory: SignOutMemory;
  /** The next interactive sign-in must show the service's login page (after an explicit sign-out). */
  #promptLogin = false;
  /** Managed installs: an unattended sign-in is under way or waiting to retry. */
  #reauth: Reauth | null = null;
  #timer: TimerHandle | null = null;
  #failures = 0;
  /** After a failed refresh, no new attempt before this (unless the token has expired). */
  #retryAt = 0;
  /** Bumped whenever the tokens are replaced or dropped, so late results of old work are discarded. */
  #epoch = 0;
  #restored: Promise<void> | null = null;
  #disposed = false;
  readonly #listeners = new Set<Listener>();

  constructor(options: SessionOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#random = options.random ?? Math.random;
    this.#server = new URL(options.serverUrl).origin;
    this.#signOutMemory = options.signOutMemory ?? signOutInMemory();
  }

  status(): SessionStatus {
    return {
      state: this.#state,
      reason: this.#reason === null ? null : { ...this.#reason },
      server: this.#server,
    };
  }

  onChange(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Reads the vault once. Nothing usable there (none, corrupt, another service) means signed out;
   * a vault that refuses (no secure storage) means signed out with that reason. Never throws.
   */
  restore(): Promise<void> {
    this.#restored ??= this.#restore();
    return this.#restored;
  }

  async #restore(): Promise<void> {
    this.#promptLogin = await this.#signOutMemory.load().catch(() => false);
    let stored: StoredTokens | null;
    try {
      stored = await this.#options.vault.load();
    } catch (err) {
      this.#set('signed-out', reasonOf(err));
      return;
    }
    if (stored === null || stored.server !== this.#server || stored.clientId !== this.#options.clientId)
      return;
    if (this.#state !== 'signed-out' || this.#tokens !== null) return;
    this.#tokens = {
      accessToken: stored.accessToken,
      refreshToken: stored.refreshToken,
      scope: stored.scope,
      issuedAt: stored.issuedAt,
      expiresAt: stored.expiresAt,
    };
    this.#set('signed-in', null);
    this.#schedule();
  }

  // ── Sign-in ──────────────────────────────────────────────────────────────────────────────────

  /**
   * Starts the authorization code flow with PKCE (RFC 6749 §4.1, RFC 7636). Returns at once; the
   * sign-in finishes when the browser comes back (loopback receiver or `completeSignIn`). A newer
   * call abandons an older, unfinished one. Already signed in: nothing to do.
   */
  async beginSignIn(): Promise<SignInStart> {
    await this.restore();
    if (this.#state === 'signed-in') return { navigateTo: null, completion: Promise.resolve() };
    this.#abandonAttempt();

    const [pkce, state] = [await createPkce(), createState()];
    let resolve!: () => void;
    let reject!: (err: unknown) => void;
    const completion = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // The status carries the outcome; a caller that does not await the completion must not crash us.
    completion.catch(() => undefined);
    const attempt: Attempt = {
      state,
      verifier: pkce.verifier,
      redirectUri: '',
      authorizeUrl: '',
      receiver: null,
      window: null,
      timer: null,
      claimed: false,
      resolve,
      reject,
    };
    this.#attempt = attempt;
    this.#set('signing-in', null);

    try {
      const mode = this.#options.signInMode;
      if (mode === 'system-browser' || mode === 'in-app-window') {
        const openExternal = this.#options.openExternal;
        const openWindow = this.#options.openSignInWindow;
        if (mode === 'system-browser' && openExternal === undefined)
          throw new ConfigError({ cause: 'system-browser sign-in needs openExternal' });
        if (mode === 'in-app-window' && openWindow === undefined)
          throw new ConfigError({ cause: 'in-app-window sign-in needs openSignInWindow' });
        attempt.receiver = await startLoopbackReceiver({
          onCallback: (url) => this.#complete(attempt, url),
          checkState: (url) => checkCallbackState(url, state),
          timeoutMs: this.#options.signInTimeoutMs ?? SIGN_IN_WINDOW_MS,
          clock: this.#clock,
        });
        attempt.receiver.done.catch((err: unknown) => this.#fail(attempt, err));
        attempt.redirectUri = attempt.receiver.redirectUri;
        const url = authorizationUrl(this.#options.oauth, {
          redirectUri: attempt.redirectUri,
          state,
          pkce,
          promptLogin: this.#promptLogin,
        }).href;
        attempt.authorizeUrl = url;
        if (openWindow !== undefined && mode === 'in-app-window') {
          const closedByPerson = (): void => {
            void attempt.receiver?.close();
            this.#fail(
              attempt,
              new SignInError(ErrorCode.ROOMDECK_SIGN_IN_DENIED, { cause: 'sign-in window closed' }),
            );
          };
          const window = await openWindow(url, attempt.redirectUri, closedByPerson);
          // The attempt may have ended while the window was opening (superseded, timed out).
          if (this.#attempt === attempt) attempt.window = window;
          else window.close();
        } else await openExternal?.(url);
        return { navigateTo: null, completion };
      }
      const callback = this.#options.hostCallbackUrl;
      if (callback === undefined)
        throw new ConfigError({ cause: 'host-redirect sign-in needs hostCallbackUrl' });
      attempt.redirectUri = callback;
      attempt.timer = this.#clock.setTimeout(
        () => this.#fail(attempt, new SignInError(ErrorCode.ROOMDECK_SIGN_IN_TIMEOUT)),
        this.#options.signInTimeoutMs ?? SIGN_IN_WINDOW_MS,
      );
      attempt.authorizeUrl = authorizationUrl(this.#options.oauth, {
        redirectUri: callback,
        state,
        pkce,
        promptLogin: this.#promptLogin,
      }).href;
      return { navigateTo: attempt.authorizeUrl, completion };
    } catch (err) {
      const failure =
        err instanceof RoomdeckError
          ? err
          : new SignInError(ErrorCode.ROOMDECK_SIGN_IN_FAILED, { cause: err });
      void attempt.receiver?.close();
      this.#fail(attempt, failure);
      throw failure;
    }
  }

  /**
   * Whether `callbackUrl` answers this session's host-redirect sign-in in progress (its `state`
   * matches). Changes nothing: a host serving two sessions (a kiosk's panel and its technician)
   * routes its one callback route by it.
   */
  awaitsCallback(callbackUrl: URL): boolean {
    const attempt = this.#attempt;
    return (
      attempt !== null &&
      attempt.receiver === null &&
      !attempt.claimed &&
      callbackUrl.searchParams.get('state') === attempt.state
    );
  }

  /**
   * "Open the browser again": the same authorization request as the sign-in in progress (same
   * state and PKCE, so whichever tab finishes completes it), for a person who closed the tab.
   * system-browser opens it again; host-redirect returns it for the page to go to. Null when no
   * interactive sign-in is in progress (it finished, failed or timed out): start a new one then.
   */
  async reopenSignIn(): Promise<Pick<SignInStart, 'navigateTo'> | null> {
    const attempt = this.#attempt;
    if (attempt === null || attempt.authorizeUrl === '') return null;
    if (attempt.receiver === null) return { navigateTo: attempt.authorizeUrl };
    // A kiosk's sign-in window is still on screen (closing it cancels): no browser is ever opened there.
    if (this.#options.signInMode === 'in-app-window') return { navigateTo: null };
    await this.#options.openExternal?.(attempt.authorizeUrl);
    return { navigateTo: null };
  }

  /**
   * "Cancel": the person gave up on the sign-in in progress (closed the browser tab, wrong
   * account). Signed out at once, without a reason to show; the loopback receiver closes, so a
   * late answer from the browser finds nobody listening. Managed (unattended) sign-ins are not
   * the person's to cancel and are left alone.
   */
  cancelSignIn(): void {
    if (this.#attempt === null && this.#device === null) return;
    this.#abandonAttempt();
    if (this.#state === 'signing-in') this.#set('signed-out', null);
  }

  /**
   * host-redirect: the browser host's callback route hands over the URL it received. Exactly one
   * callback per sign-in is accepted; one without a sign-in in progress cannot match any state.
   * `state` is checked before the callback is taken: a stray one (STATE_MISMATCH / MISSING) leaves
   * the sign-in waiting for the real answer.
   */
  async completeSignIn(callbackUrl: URL): Promise<void> {
    const attempt = this.#attempt;
    if (attempt === null || attempt.receiver !== null) {
      throw new SignInError(ErrorCode.ROOMDECK_STATE_MISMATCH, {
        cause: 'no host-redirect sign-in in progress',
      });
    }
    checkCallbackState(callbackUrl, attempt.state);
    if (attempt.claimed)
      throw new SignInError(ErrorCode.ROOMDECK_SIGN_IN_FAILED, { cause: 'second callback' });
    attempt.claimed = true;
    return this.#complete(attempt, callbackUrl);
  }

  async #complete(attempt: Attempt, callbackUrl: URL): Promise<void> {
    try {
      if (this.#attempt !== attempt)
        throw new SignInError(ErrorCode.ROOMDECK_STATE_MISMATCH, { cause: 'superseded' });
      const params = validateCallback(this.#options.oauth, callbackUrl, attempt.state);
      const tokens = await exchangeCode(this.#options.oauth, params, attempt.redirectUri, attempt.verifier);
      if (this.#attempt !== attempt) {
        void this.#revokeAll(tokens);
        throw new SignInError(ErrorCode.ROOMDECK_SIGN_IN_FAILED, { cause: 'superseded during the exchange' });
      }
      await this.#adopt(tokens);
      this.#clearAttempt(attempt);
      attempt.resolve();
    } catch (err) {
      this.#fail(attempt, err);
      throw err;
    }
  }

  /** The password grant for managed fleets (RFC 6749 §4.3): needs a service account and a client secret. */
  async signInWithPassword(): Promise<void> {
    await this.restore();
    if (this.#state === 'signed-in') return;
    const account = this.#options.serviceAccount;
    if (account === undefined) throw new ConfigError({ cause: 'no service account configured' });
    this.#stopReauth();
    this.#abandonAttempt();
    this.#set('signing-in', null);
    try {
      const tokens = await passwordGrant(this.#options.oauth, account);
      await this.#adopt(tokens);
    } catch (err) {
      this.#set('signed-out', reasonOf(err));
      throw err;
    }
  }

  /** Stores new tokens (vault first: with rotation the old refresh token is already dead), then uses them. */
  async #adopt(tokens: TokenSet): Promise<void> {
    try {
      await this.#persist(tokens);
    } catch (err) {
      void this.#revokeAll(tokens);
      throw err;
    }
    this.#epoch++;
    this.#tokens = tokens;
    this.#failures = 0;
    this.#retryAt = 0;
    this.#setRefused(false);
    if (this.#promptLogin) {
      this.#promptLogin = false;
      await this.#signOutMemory.save(false).catch(() => undefined);
    }
    this.#set('signed-in', null);
    this.#schedule();
  }

  #fail(attempt: Attempt, err: unknown): void {
    if (this.#attempt !== attempt) return;
    this.#clearAttempt(attempt);
    attempt.reject(err);
    if (this.#state === 'signing-in') this.#set('signed-out', reasonOf(err));
  }

  /** The loopback receiver closes itself after answering its callback; only abandoning closes it early. */
  #clearAttempt(attempt: Attempt): void {
    if (this.#attempt === attempt) this.#attempt = null;
    if (attempt.timer !== null) this.#clock.clearTimeout(attempt.timer);
    const window = attempt.window;
    attempt.window = null;
    window?.close();
  }

  #abandonAttempt(): void {
    this.#stopDevice();
    const attempt = this.#attempt;
    if (attempt === null) return;
    this.#clearAttempt(attempt);
    void attempt.receiver?.close();
    attempt.reject(new SignInError(ErrorCode.ROOMDECK_SIGN_IN_FAILED, { cause: 'superseded' }));
  }

  // ── Device sign-in (RFC 8628) ──────────────────────────────────────────────────────────────

  /** The code to approve while a device sign-in is under way; null otherwise. */
  deviceCode(): DeviceCodeView | null {
    const device = this.#device;
    if (device === null) return null;
    const { userCode, verificationUri, verificationUriComplete, expiresAt } = device.authorization;
    return {
      userCode,
      verificationUri,
      verificationUriComplete,
      expiresInMs: Math.max(0, expiresAt - this.#clock.now()),
    };
  }

  /**
   * Sign-in without a keyboard: the service hands out a user code that a person approves on a phone
   * (RFC 8628), while this session polls for the tokens. Returns the code to show, or null when
   * already signed in. Throws (and the status says why) when the service offers no device grant or
   * cannot be reached; a newer sign-in of any kind, a cancel or a sign-out ends this one.
   */
  async beginDeviceSignIn(): Promise<DeviceCodeView | null> {
    await this.restore();
    if (this.#state === 'signed-in') return null;
    this.#abandonAttempt();
    const seq = this.#deviceSeq;
    this.#set('signing-in', null);
    let authorization: DeviceAuthorization;
    try {
      authorization = await deviceAuthorization(this.#options.oauth);
    } catch (err) {
      // Not offered here: nothing went wrong, the other way of signing in is simply the way.
      if (seq === this.#deviceSeq && this.#state === 'signing-in' && this.#attempt === null)
        this.#set('signed-out', deviceGrantUnavailable(err) ? null : reasonOf(err));
      throw err;
    }
    // Superseded while the service answered (another sign-in, a cancel): this code is nobody's.
    if (seq !== this.#deviceSeq || this.#state !== 'signing-in') return null;
    const device: DeviceAttempt = { authorization, intervalMs: authorization.intervalMs, timer: null };
    this.#device = device;
    this.#pollDeviceLater(device);
    // The status is unchanged (signing in) but what to show is new: tell the listeners.
    this.#set('signing-in', null);
    return this.deviceCode();
  }

  #pollDeviceLater(device: DeviceAttempt): void {
    device.timer = this.#clock.setTimeout(() => {
      device.timer = null;
      void this.#pollDevice(device);
    }, device.intervalMs);
  }

  async #pollDevice(device: DeviceAttempt): Promise<void> {
    if (this.#device !== device) return;
    if (this.#clock.now() >= device.authorization.expiresAt) {
      this.#failDevice(device, new SignInError(ErrorCode.ROOMDECK_SIGN_IN_CODE_EXPIRED));
      return;
    }
    let answer: Awaited<ReturnType<typeof pollDeviceCode>>;
    try {
      answer = await pollDeviceCode(this.#options.oauth, device.authorization.deviceCode);
    } catch (err) {
      if (this.#device !== device) return;
      // Offline for a moment, a 5xx: the code is still good, so keep asking.
      if (err instanceof RoomdeckError && isTransient(err)) this.#pollDeviceLater(device);
      else this.#failDevice(device, err);
      return;
    }
    if (this.#device !== device) {
      if (answer.kind === 'tokens') void this.#revokeAll(answer.tokens);
      return;
    }
    if (answer.kind === 'slow-down') device.intervalMs += SLOW_DOWN_STEP_MS;
    if (answer.kind !== 'tokens') {
      this.#pollDeviceLater(device);
      return;
    }
    this.#device = null;
    try {
      await this.#adopt(answer.tokens);
    } catch (err) {
      this.#set('signed-out', reasonOf(err));
    }
  }

  #failDevice(device: DeviceAttempt, err: unknown): void {
    if (this.#device !== device) return;
    this.#stopDevice();
    if (this.#state === 'signing-in') this.#set('signed-out', reasonOf(err));
  }

  #stopDevice(): void {
    const device = this.#device;
    this.#device = null;
    this.#deviceSeq++;
    if (device?.timer != null) this.#clock.clearTimeout(device.timer);
  }

  // ── Sign-out ─────────────────────────────────────────────────────────────────────────────────

  /**
   * Forgets the tokens here first (so nothing can use them any more), then asks the service to
   * revoke both (RFC 7009). Revocation is best effort: offline, the tokens still leave this machine's
   * memory and vault.
   */
  async signOut(): Promise<void> {
    await this.restore();
    this.#abandonAttempt();
    this.#stopReauth();
    const tokens = this.#tokens;
    this.#drop();
    this.#promptLogin = true;
    this.#set('signed-out', null);
    await this.#signOutMemory.save(true).catch(() => undefined);
    await this.#options.vault.clear().catch(() => undefined);
    if (tokens !== null) await this.#revokeAll(tokens);
    await this.#endLoginSession(tokens !== null);
  }

  /** The browser's login session at the service: ended where the service has a page for it. */
  async #endLoginSession(hadSession: boolean): Promise<void> {
    const { endSessionUrl, openExternal, signInMode, clientId } = this.#options;
    if (!hadSession || endSessionUrl === undefined || signInMode !== 'system-browser') return;
    if (openExternal === undefined) return;
    // Best effort, like revocation: prompt=login still guards the next sign-in if this fails.
    await Promise.resolve()
      .then(() => openExternal(endSessionRequestUrl(endSessionUrl, clientId)))
      .catch(() => undefined);
  }

  async #revokeAll(tokens: TokenSet): Promise<void> {
    const oauth = this.#options.oauth;
    // Refresh token first: revoking it may take the access token with it (RFC 7009 §2.1).
    if (tokens.refreshToken !== null)
      await revokeToken(oauth, tokens.refreshToken, 'refresh_token').catch(() => undefined);
    await revokeToken(oauth, tokens.accessToken, 'access_token').catch(() => undefined);
  }

  // ── Tokens for the ControlClient ─────────────────────────────────────────────────────────────

  /**
   * The access token to send now. Renews first when renewal is due (a timer may not have fired: a
   * sleeping laptop); if that fails transiently and the token has not expired, the old one still works.
   */
  async getAccessToken(): Promise<string> {
    await this.restore();
    if (this.#tokens === null && this.#reauth !== null) await this.#awaitReauth(this.#reauth);
    const tokens = this.#tokens;
    if (tokens === null) throw this.#notSignedIn();
    const now = this.#clock.now();
    const expired = tokens.expiresAt !== null && now >= tokens.expiresAt;
    const due = this.#isDue(tokens, now) && (expired || now >= this.#retryAt);
    if (!due) return tokens.accessToken;
    try {
      await this.refresh();
    } catch (err) {
      // The session is still there (only the authorization server ends it): until it expires, the
      // current token is as good as it was a moment ago, whatever went wrong with the renewal.
      if (!expired && this.#tokens === tokens) return tokens.accessToken;
      throw err;
    }
    const renewed = this.#tokens as TokenSet | null;
    if (renewed === null) throw this.#notSignedIn();
    return renewed.accessToken;
  }

  /**
   * A 401 for `rejectedToken`: renew unless another caller already did (single flight), and at most
   * once per 30 s while the service keeps refusing: a refresh is no cure for a gateway glitch.
   */
  async onUnauthorized(rejectedToken: string): Promise<void> {
    const tokens = this.#tokens;
    if (tokens === null) throw this.#notSignedIn();
    if (tokens.accessToken !== rejectedToken) return;
    const now = this.#clock.now();
    if (this.#refreshing === null && now - this.#renewedFor401At < UNAUTHORIZED_REFRESH_EVERY_MS) return;
    this.#renewedFor401At = now;
    await this.refresh();
  }

  /**
   * Even a renewed token was refused. The session stays: only the authorization server ends it
   * (invalid_grant on a refresh). The refusal is remembered for the panel and logs.
   */
  onTokenRefused(_error: AuthError): void {
    if (this.#tokens === null) return;
    this.#refusedAt = this.#clock.now();
    this.#setRefused(true);
  }

  /** The service accepted the access token again (any answer but 401): the refusal is over. */
  onTokenAccepted(): void {
    this.#setRefused(false);
  }

  /** When the service last refused even a renewed token (null: it has not, or accepts it again). */
  get refusedAt(): number | null {
    return this.#refusedAt;
  }

  /** The service refuses this panel's credentials right now (the session is kept all the same). */
  get credentialsRefused(): boolean {
    return this.#refusedAt !== null;
  }

  /** Told on every change of `credentialsRefused`. */
  onCredentialsChange(listener: CredentialsListener): () => void {
    this.#credentialsListeners.add(listener);
    return () => this.#credentialsListeners.delete(listener);
  }

  #setRefused(refused: boolean): void {
    const was = this.#credentialsRefusedNotified;
    if (!refused) this.#refusedAt = null;
    if (was === refused) return;
    this.#credentialsRefusedNotified = refused;
    for (const listener of this.#credentialsListeners) {
      try {
        listener(refused);
      } catch {
        // A listener's failure is its own.
      }
    }
  }

  /** Renews the access token. Concurrent callers share one request (single flight). */
  refresh(): Promise<void> {
    this.#refreshing ??= this.#refresh().finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  async #refresh(): Promise<void> {
    const tokens = this.#tokens;
    if (tokens === null) throw this.#notSignedIn();
    if (tokens.refreshToken === null) {
      const ended = new AuthError(ErrorCode.ROOMDECK_SESSION_ENDED, { cause: 'no refresh token was issued' });
      this.#end(ended);
      throw ended;
    }
    const epoch = this.#epoch;
    let next: TokenSet;
    try {
      next = await refreshGrant(this.#options.oauth, tokens.refreshToken);
    } catch (err) {
      if (epoch !== this.#epoch) throw this.#notSignedIn();
      // Only the authorization server ends a session: the grant is gone (invalid_grant), or this
      // client is no longer accepted (invalid_client). Anything else is kept and retried.
      if (endsSession(err)) {
        this.#end(err as RoomdeckError);
        this.#options.onRefresh?.({ ok: false, code: codeOf(err), endsSession: true, retryInMs: null });
        throw err;
      }
      // Network, 5xx, a confused answer: keep the refresh token and try again later.
      this.#failures++;
      const delay = retryDelay(this.#failures, this.#random);
      this.#retryAt = this.#clock.now() + delay;
      this.#arm(delay);
      this.#options.onRefresh?.({ ok: false, code: codeOf(err), endsSession: false, retryInMs: delay });
      throw err;
    }
    if (epoch !== this.#epoch) {
      // Signed out (or in again) meanwhile: these tokens belong to nobody.
      void this.#revokeAll(next);
      throw this.#notSignedIn();
    }
    // Without rotation the service sends no new refresh token: the old one stays valid.
    const renewed: TokenSet = { ...next, refreshToken: next.refreshToken ?? tokens.refreshToken };
    // Rotation made the old refresh token worthless: store the new one before anything uses it.
    await this.#persist(renewed).catch(() => undefined);
    if (epoch !== this.#epoch) throw this.#notSignedIn();
    this.#epoch++;
    this.#tokens = renewed;
    this.#failures = 0;
    this.#retryAt = 0;
    this.#schedule();
    this.#options.onRefresh?.({ ok: true });
  }

  #isDue(tokens: TokenSet, now: number): boolean {
    if (tokens.expiresAt === null) return false;
    return now >= tokens.issuedAt + refreshDelay(tokens.expiresAt - tokens.issuedAt);
  }

  #schedule(): void {
    const tokens = this.#tokens;
    if (tokens === null || tokens.expiresAt === null || tokens.refreshToken === null) {
      this.#disarm();
      return;
    }
    const at = tokens.issuedAt + refreshDelay(tokens.expiresAt - tokens.issuedAt);
    this.#arm(Math.max(0, at - this.#clock.now()));
  }

  #arm(delayMs: number): void {
    this.#disarm();
    if (this.#disposed) return;
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = null;
      // Failures are handled inside (retry armed, or the session ended with a reason).
      this.refresh().catch(() => undefined);
    }, delayMs);
  }

  #disarm(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** The session is over (refresh refused, tokens refused): signed out, with the reason, vault wiped. */
  #end(error: RoomdeckError): void {
    this.#drop();
    this.#setRefused(false);
    void this.#options.vault.clear().catch(() => undefined);
    if (this.#options.serviceAccount !== undefined && !this.#disposed) {
      // A kiosk has nobody to sign in: it does so itself with its managed account.
      this.#set('signing-in', reasonOf(error));
      this.#startReauth();
      return;
    }
    this.#set('signed-out', reasonOf(error));
  }

  // ── Managed installs: unattended sign-in ─────────────────────────────────────────────────────

  #startReauth(): void {
    if (this.#reauth !== null) return;
    const reauth: Reauth = { timer: null, failures: 0, inflight: null, lastError: null, refused: false };
    this.#reauth = reauth;
    void this.#runReauth(reauth);
  }

  /** One password grant at a time; a caller that needs a token now does not wait for the timer. */
  #runReauth(reauth: Reauth): Promise<void> {
    if (reauth.inflight !== null) return reauth.inflight;
    if (reauth.timer !== null) this.#clock.clearTimeout(reauth.timer);
    reauth.timer = null;
    reauth.inflight = this.#reauthenticate(reauth).finally(() => {
      reauth.inflight = null;
    });
    return reauth.inflight;
  }

  /**
   * getAccessToken while a managed panel signs in again: wait for (or start) the attempt, so the
   * caller meets the link's real fault (offline, 5xx) rather than "signed out". A refused account
   * is not retried faster because requests come in.
   */
  async #awaitReauth(reauth: Reauth): Promise<void> {
    if (!reauth.refused || reauth.inflight !== null) await this.#runReauth(reauth);
    if (this.#tokens !== null) return;
    throw reauth.lastError instanceof RoomdeckError ? reauth.lastError : this.#notSignedIn();
  }

  /**
   * Password grant until it works. A transient failure (network, 5xx) retries on the short
   * back-off; a refusal (wrong password, disabled client) retries too, but slowly: the installer
   * may fix the account on the service without touching the panel.
   */
  async #reauthenticate(reauth: Reauth): Promise<void> {
    const account = this.#options.serviceAccount;
    if (this.#reauth !== reauth || account === undefined || this.#disposed) return;
    const epoch = this.#epoch;
    try {
      const tokens = await passwordGrant(this.#options.oauth, account);
      if (this.#reauth !== reauth || epoch !== this.#epoch) {
        void this.#revokeAll(tokens);
        return;
      }
      // A vault that cannot store them fails here and is retried like any other failure.
      await this.#adopt(tokens);
      if (this.#reauth === reauth) this.#reauth = null;
    } catch (err) {
      if (this.#reauth !== reauth) return;
      reauth.failures++;
      const transient = err instanceof RoomdeckError && isTransient(err);
      reauth.lastError = err;
      reauth.refused = !transient;
      const delay = transient ? retryDelay(reauth.failures, this.#random) : REFUSED_SIGN_IN_RETRY_MS;
      if (!transient) this.#set('signing-in', reasonOf(err));
      if (this.#disposed) return;
      reauth.timer = this.#clock.setTimeout(() => void this.#runReauth(reauth), delay);
    }
  }

  #stopReauth(): void {
    const reauth = this.#reauth;
    this.#reauth = null;
    if (reauth?.timer != null) this.#clock.clearTimeout(reauth.timer);
  }

  #drop(): void {
    this.#epoch++;
    this.#tokens = null;
    this.#failures = 0;
    this.#retryAt = 0;
    this.#disarm();
  }

  #notSignedIn(): AuthError {
    return this.#reason?.code === ErrorCode.ROOMDECK_SESSION_ENDED
      ? new AuthError(ErrorCode.ROOMDECK_SESSION_ENDED)
      : new AuthError(ErrorCode.ROOMDECK_AUTH_REQUIRED);
  }

  #persist(tokens: TokenSet): Promise<void> {
    return this.#options.vault.save({
      version: 1,
      server: this.#server,
      clientId: this.#options.clientId,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      scope: tokens.scope,
      issuedAt: tokens.issuedAt,
      expiresAt: tokens.expiresAt,
    });
  }

  #set(state: SessionState, reason: SessionReason | null): void {
    this.#state = state;
    this.#reason = reason;
    const status = this.status();
    for (const listener of this.#listeners) {
      try {
        listener(status);
      } catch {
        // A listener's failure is its own; the session's state is already correct.
      }
    }
  }

  /** Stops timers and any sign-in in progress; the tokens stay in the vault for the next start. */
  dispose(): void {
    this.#disposed = true;
    this.#abandonAttempt();
    this.#stopReauth();
    this.#disarm();
    this.#listeners.clear();
    this.#credentialsListeners.clear();
  }
}

function reasonOf(err: unknown): SessionReason {
  const { code, message } = toBridgeError(err);
  return { code, message };
}

const codeOf = (err: unknown): string => toBridgeError(err).code;
