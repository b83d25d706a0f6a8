import { systemClock } from '../api/clock.ts';
import { AuthError, ConfigError, type RoomdeckError, toBridgeError } from '../api/errors.ts';
import type { AccessTokenSource } from '../api/transport.ts';
import { BrowserSignIn } from './browser-sign-in.ts';
import { type CredentialsListener, CredentialsRefusal } from './credentials-refusal.ts';
import { DeviceSignIn } from './device-sign-in.ts';
import { deviceGrantUnavailable, endSessionRequestUrl, passwordGrant, type TokenSet } from './flows.ts';
import type {
  DeviceCodeView,
  SessionOptions,
  SessionReason,
  SessionState,
  SessionStatus,
  SignInStart,
} from './session-types.ts';
import { type SignOutMemory, signOutInMemory } from './sign-out-memory.ts';
import { TokenKeeper } from './token-keeper.ts';
import { UnattendedReauth } from './unattended-reauth.ts';
import { ErrorCode } from '../../contract/error-codes.ts';

export type {
  DeviceCodeView,
  OpenSignInWindow,
  RefreshOutcome,
  SessionOptions,
  SessionReason,
  SessionState,
  SessionStatus,
  SignInMode,
  SignInStart,
  SignInWindowHandle,
} from './session-types.ts';

/**
 * The Session: who Roomdeck is signed in as, kept alive. The one object the rest of the app holds:
 * it keeps the status and its reason, and composes the parts that do the work — the token keeper
 * (tokens, vault, refresh, revocation), a browser sign-in or a device sign-in, and on managed
 * installs unattended re-authentication — deciding which state each of their outcomes leaves.
 */

type Listener = (status: SessionStatus) => void;

export class Session implements AccessTokenSource {
  readonly #options: SessionOptions;
  readonly #server: string;
  #state: SessionState = 'signed-out';
  #reason: SessionReason | null = null;
  readonly #listeners = new Set<Listener>();
  readonly #signOutMemory: SignOutMemory;
  /** The next interactive sign-in must show the service's login page (after an explicit sign-out). */
  #promptLogin = false;
  #restored: Promise<void> | null = null;
  /** A sign-out between dropping the tokens and saying "signed out" (see signOut). */
  #signingOut: Promise<TokenSet | null> | null = null;
  #disposed = false;
  readonly #keeper: TokenKeeper;
  readonly #refusal: CredentialsRefusal;
  readonly #browser: BrowserSignIn;
  readonly #device: DeviceSignIn;
  /** Managed installs only: signs in again by itself when the session ends. */
  readonly #reauth: UnattendedReauth | null;

  constructor(options: SessionOptions) {
    const { oauth, vault, clientId, serviceAccount } = options;
    const clock = options.clock ?? systemClock;
    const random = options.random ?? Math.random;
    this.#options = options;
    this.#server = new URL(options.serverUrl).origin;
    this.#signOutMemory = options.signOutMemory ?? signOutInMemory();
    const adopt = (tokens: TokenSet): Promise<void> => this.#adopt(tokens);
    const revoke = (tokens: TokenSet): Promise<void> => this.#keeper.revoke(tokens);
    const notSignedIn = (): AuthError => this.#notSignedIn();
    const failed = (err: unknown): void => {
      if (this.#state === 'signing-in') this.#set('signed-out', reasonOf(err));
    };
    // What the parts share: the protocol, time, and the session's own way to take or refuse tokens.
    const shared = { oauth, clock, random, adopt, revoke, notSignedIn, failed };
    this.#keeper = new TokenKeeper({
      ...shared,
      vault,
      server: this.#server,
      clientId,
      ended: (error) => this.#ended(error),
      onRefresh: options.onRefresh,
    });
    this.#refusal = new CredentialsRefusal(clock);
    this.#browser = new BrowserSignIn({
      ...shared,
      options,
      promptLogin: () => this.#promptLogin,
      started: () => this.#set('signing-in', null),
    });
    this.#device = new DeviceSignIn({
      ...shared,
      stillWanted: () => this.#state === 'signing-in',
      startFailed: (err) => {
        // Not offered here: nothing went wrong, the other way of signing in is simply the way.
        if (this.#state === 'signing-in' && !this.#browser.inProgress)
          this.#set('signed-out', deviceGrantUnavailable(err) ? null : reasonOf(err));
      },
      adopt: (tokens) => this.#adopt(tokens).catch((err) => this.#set('signed-out', reasonOf(err))),
    });
    this.#reauth =
      serviceAccount === undefined
        ? null
        : new UnattendedReauth({
            ...shared,
            account: serviceAccount,
            epoch: () => this.#keeper.epoch,
            hasTokens: () => this.#keeper.hasTokens,
            refused: (err) => this.#set('signing-in', reasonOf(err)),
          });
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
    let stored: TokenSet | null;
    try {
      stored = await this.#keeper.load();
    } catch (err) {
      this.#set('signed-out', reasonOf(err));
      return;
    }
    if (stored === null || this.#state !== 'signed-out' || this.#keeper.hasTokens) return;
    this.#keeper.restore(stored);
    this.#set('signed-in', null);
    this.#keeper.schedule();
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
    this.#abandonSignIns();
    return this.#browser.begin();
  }

  /**
   * Whether `callbackUrl` answers this session's host-redirect sign-in in progress (its `state`
   * matches). Changes nothing: a host serving two sessions (a kiosk's panel and its technician)
   * routes its one callback route by it.
   */
  awaitsCallback(callbackUrl: URL): boolean {
    return this.#browser.awaitsCallback(callbackUrl);
  }

  /**
   * "Open the browser again": the same authorization request as the sign-in in progress (same
   * state and PKCE, so whichever tab finishes completes it), for a person who closed the tab.
   * system-browser opens it again; host-redirect returns it for the page to go to. Null when no
   * interactive sign-in is in progress (it finished, failed or timed out): start a new one then.
   */
  reopenSignIn(): Promise<Pick<SignInStart, 'navigateTo'> | null> {
    return this.#browser.reopen();
  }

  /**
   * "Cancel": the person gave up on the sign-in in progress (closed the browser tab, wrong
   * account). Signed out at once, without a reason to show; the loopback receiver closes, so a
   * late answer from the browser finds nobody listening. Managed (unattended) sign-ins are not
   * the person's to cancel and are left alone.
   */
  cancelSignIn(): void {
    if (!this.#browser.inProgress && !this.#device.inProgress) return;
    this.#abandonSignIns();
    if (this.#state === 'signing-in') this.#set('signed-out', null);
  }

  /**
   * host-redirect: the browser host's callback route hands over the URL it received. Exactly one
   * callback per sign-in is accepted; one without a sign-in in progress cannot match any state.
   * `state` is checked before the callback is taken: a stray one (STATE_MISMATCH / MISSING) leaves
   * the sign-in waiting for the real answer.
   */
  completeSignIn(callbackUrl: URL): Promise<void> {
    return this.#browser.complete(callbackUrl);
  }

  /** The password grant for managed fleets (RFC 6749 §4.3): needs a service account and a client secret. */
  async signInWithPassword(): Promise<void> {
    await this.restore();
    if (this.#state === 'signed-in') return;
    const account = this.#options.serviceAccount;
    if (account === undefined) throw new ConfigError({ cause: 'no service account configured' });
    this.#reauth?.stop();
    this.#abandonSignIns();
    this.#set('signing-in', null);
    try {
      const tokens = await passwordGrant(this.#options.oauth, account);
      await this.#adopt(tokens);
    } catch (err) {
      this.#set('signed-out', reasonOf(err));
      throw err;
    }
  }

  /** The code to approve while a device sign-in is under way; null otherwise. */
  deviceCode(): DeviceCodeView | null {
    return this.#device.view();
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
    this.#abandonSignIns();
    this.#set('signing-in', null);
    const view = await this.#device.begin();
    // The status is unchanged (signing in) but what to show is new: tell the listeners.
    if (view !== null) this.#set('signing-in', null);
    return view;
  }

  /** New tokens from any sign-in: stored (the keeper refuses what the vault will not keep), then used. */
  async #adopt(tokens: TokenSet): Promise<void> {
    await this.#keeper.adopt(tokens);
    this.#refusal.cleared();
    if (this.#promptLogin) {
      this.#promptLogin = false;
      await this.#signOutMemory.save(false).catch(() => undefined);
    }
    this.#set('signed-in', null);
    this.#keeper.schedule();
  }

  #abandonSignIns(): void {
    this.#device.stop();
    this.#browser.abandon();
  }

  // ── Sign-out ─────────────────────────────────────────────────────────────────────────────────

  /**
   * Forgets the tokens here first (so nothing can use them any more), wipes the vault, and only
   * then says "signed out": a screen that says so while the disk still holds the tokens would come
   * back signed in if the app stopped at that moment. Then asks the service to revoke both (RFC
   * 7009), best effort: offline, the tokens still leave this machine's memory and vault.
   */
  async signOut(): Promise<void> {
    await this.restore();
    const forgetting = this.#forgetHere();
    this.#signingOut = forgetting;
    const tokens = await forgetting.finally(() => {
      if (this.#signingOut === forgetting) this.#signingOut = null;
    });
    if (tokens !== null) await this.#keeper.revoke(tokens);
    await this.#endLoginSession(tokens !== null);
  }

  /**
   * Resolves once no sign-out is between dropping the tokens and saying so. Until then the status
   * still says "signed in" while no call can be made: whatever reads the status or wants a token
   * waits for this, so that a page is never told "not signed in" by one answer and "signed in" by
   * the next (and a page loaded meanwhile does not start as signed in, to be signed out a moment
   * later).
   */
  settled(): Promise<void> {
    return (this.#signingOut ?? Promise.resolve()).then(
      () => undefined,
      () => undefined,
    );
  }

  /** The tokens out of memory and the vault, then "signed out"; returns them for revocation. */
  async #forgetHere(): Promise<TokenSet | null> {
    this.#abandonSignIns();
    this.#reauth?.stop();
    const tokens = this.#keeper.drop();
    this.#promptLogin = true;
    await this.#keeper.forget();
    await this.#signOutMemory.save(true).catch(() => undefined);
    this.#set('signed-out', null);
    return tokens;
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

  /** The authorization server ended the session: a kiosk signs in again by itself, others are signed out. */
  #ended(error: RoomdeckError): void {
    this.#refusal.cleared();
    if (this.#reauth !== null && !this.#disposed) {
      this.#set('signing-in', reasonOf(error));
      this.#reauth.start();
      return;
    }
    this.#set('signed-out', reasonOf(error));
  }

  // ── Tokens for the ControlClient ─────────────────────────────────────────────────────────────

  /**
   * The access token to send now. Renews first when renewal is due (a timer may not have fired: a
   * sleeping laptop); if that fails transiently and the token has not expired, the old one still
   * works. A managed panel signing in again is waited for, so the caller meets the real fault.
   */
  async getAccessToken(): Promise<string> {
    await this.restore();
    await this.settled();
    if (!this.#keeper.hasTokens && this.#reauth?.active === true) await this.#reauth.wait();
    return this.#keeper.accessToken();
  }

  /**
   * A 401 for `rejectedToken`: renew unless another caller already did (single flight), and at most
   * once per 30 s while the service keeps refusing: a refresh is no cure for a gateway glitch.
   */
  onUnauthorized(rejectedToken: string): Promise<void> {
    return this.#keeper.onUnauthorized(rejectedToken);
  }

  /**
   * Even a renewed token was refused. The session stays: only the authorization server ends it
   * (invalid_grant on a refresh). The refusal is remembered for the panel and logs.
   */
  onTokenRefused(_error: AuthError): void {
    if (this.#keeper.hasTokens) this.#refusal.refused();
  }

  /** The service accepted the access token again (any answer but 401): the refusal is over. */
  onTokenAccepted(): void {
    this.#refusal.cleared();
  }

  /** When the service last refused even a renewed token (null: it has not, or accepts it again). */
  get refusedAt(): number | null {
    return this.#refusal.refusedAt;
  }

  /** The service refuses this panel's credentials right now (the session is kept all the same). */
  get credentialsRefused(): boolean {
    return this.#refusal.refusedAt !== null;
  }

  /** Told on every change of `credentialsRefused`. */
  onCredentialsChange(listener: CredentialsListener): () => void {
    return this.#refusal.onChange(listener);
  }

  /** Renews the access token. Concurrent callers share one request (single flight). */
  refresh(): Promise<void> {
    return this.#keeper.refresh();
  }

  #notSignedIn(): AuthError {
    return this.#reason?.code === ErrorCode.ROOMDECK_SESSION_ENDED
      ? new AuthError(ErrorCode.ROOMDECK_SESSION_ENDED)
      : new AuthError(ErrorCode.ROOMDECK_AUTH_REQUIRED);
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
    this.#abandonSignIns();
    this.#reauth?.stop();
    this.#keeper.dispose();
    this.#listeners.clear();
    this.#refusal.dispose();
  }
}

function reasonOf(err: unknown): SessionReason {
  const { code, message } = toBridgeError(err);
  return { code, message };
}
