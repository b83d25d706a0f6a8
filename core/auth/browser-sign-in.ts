import type { Clock, TimerHandle } from '../api/clock.ts';
import { ConfigError, RoomdeckError, SignInError } from '../api/errors.ts';
import {
  authorizationUrl,
  checkCallbackState,
  exchangeCode,
  type TokenSet,
  validateCallback,
} from './flows.ts';
import { type LoopbackReceiver, SIGN_IN_WINDOW_MS, startLoopbackReceiver } from './loopback.ts';
import { createPkce, createState } from './pkce.ts';
import type { SessionOptions, SignInStart, SignInWindowHandle } from './session-types.ts';
import { ErrorCode } from '../../contract/error-codes.ts';

/** What a browser sign-in needs from the Session it signs in. */
export interface BrowserSignInDeps {
  options: Pick<
    SessionOptions,
    'oauth' | 'signInMode' | 'openExternal' | 'hostCallbackUrl' | 'openSignInWindow' | 'signInTimeoutMs'
  >;
  clock: Clock;
  /** After an explicit sign-out: the service must show its login page again (`prompt=login`). */
  promptLogin: () => boolean;
  /** The attempt is set up and waits for the browser: the session is signing in. */
  started: () => void;
  /** Stores and uses the tokens the callback brought (throws when the vault refuses them). */
  adopt: (tokens: TokenSet) => Promise<void>;
  /** Tokens nobody will use (the attempt was superseded during the exchange). */
  revoke: (tokens: TokenSet) => Promise<void>;
  /** The attempt ended without a session (timed out, denied, refused, window closed). */
  failed: (err: unknown) => void;
}

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

/**
 * One interactive sign-in at a time: the authorization code flow with PKCE (RFC 6749 §4.1,
 * RFC 7636) through a browser, answered on a loopback receiver (system browser, kiosk window) or on
 * the host's callback route, and its end however it ends: done, failed, timed out or abandoned.
 */
export class BrowserSignIn {
  readonly #deps: BrowserSignInDeps;
  #attempt: Attempt | null = null;

  constructor(deps: BrowserSignInDeps) {
    this.#deps = deps;
  }

  /** Starts an attempt and opens (or returns) the authorization request; the caller abandoned any older one. */
  async begin(): Promise<SignInStart> {
    const { options, clock } = this.#deps;
    const [pkce, state] = [await createPkce(), createState()];
    let attempt!: Attempt;
    // The executor runs at once: the attempt holds its own completion's resolve and reject.
    const completion = new Promise<void>((resolve, reject) => {
      attempt = {
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
    });
    // The status carries the outcome; a caller that does not await the completion must not crash us.
    completion.catch(() => undefined);
    this.#attempt = attempt;
    this.#deps.started();

    const timeoutMs = options.signInTimeoutMs ?? SIGN_IN_WINDOW_MS;
    try {
      // A current-generation service names its authorize endpoint (oauth-context.ts).
      await options.oauth.prepare();
      const mode = options.signInMode;
      if (mode === 'system-browser' || mode === 'in-app-window') {
        const { openExternal, openSignInWindow: openWindow } = options;
        if (mode === 'system-browser' && openExternal === undefined)
          throw new ConfigError({ cause: 'system-browser sign-in needs openExternal' });
        if (mode === 'in-app-window' && openWindow === undefined)
          throw new ConfigError({ cause: 'in-app-window sign-in needs openSignInWindow' });
        attempt.receiver = await startLoopbackReceiver({
          onCallback: (url) => this.#complete(attempt, url),
          checkState: (url) => checkCallbackState(url, state),
          timeoutMs,
          clock,
        });
        attempt.receiver.done.catch((err: unknown) => this.#fail(attempt, err));
        attempt.redirectUri = attempt.receiver.redirectUri;
        const request = {
          redirectUri: attempt.redirectUri,
          state,
          pkce,
          promptLogin: this.#deps.promptLogin(),
        };
        const url = authorizationUrl(options.oauth, request).href;
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
      const callback = options.hostCallbackUrl;
      if (callback === undefined)
        throw new ConfigError({ cause: 'host-redirect sign-in needs hostCallbackUrl' });
      attempt.redirectUri = callback;
      attempt.timer = clock.setTimeout(
        () => this.#fail(attempt, new SignInError(ErrorCode.ROOMDECK_SIGN_IN_TIMEOUT)),
        timeoutMs,
      );
      const request = { redirectUri: callback, state, pkce, promptLogin: this.#deps.promptLogin() };
      attempt.authorizeUrl = authorizationUrl(options.oauth, request).href;
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

  /** An interactive sign-in waits for the browser. */
  get inProgress(): boolean {
    return this.#attempt !== null;
  }

  /** See Session.awaitsCallback. */
  awaitsCallback(callbackUrl: URL): boolean {
    const attempt = this.#attempt;
    return (
      attempt !== null &&
      attempt.receiver === null &&
      !attempt.claimed &&
      callbackUrl.searchParams.get('state') === attempt.state
    );
  }

  /** See Session.reopenSignIn. */
  async reopen(): Promise<Pick<SignInStart, 'navigateTo'> | null> {
    const attempt = this.#attempt;
    const { signInMode, openExternal } = this.#deps.options;
    if (attempt === null || attempt.authorizeUrl === '') return null;
    if (attempt.receiver === null) return { navigateTo: attempt.authorizeUrl };
    // A kiosk's sign-in window is still on screen (closing it cancels): no browser is ever opened there.
    if (signInMode === 'in-app-window') return { navigateTo: null };
    await openExternal?.(attempt.authorizeUrl);
    return { navigateTo: null };
  }

  /** See Session.completeSignIn: the host's callback route hands over what it received. */
  async complete(callbackUrl: URL): Promise<void> {
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

  /** Ends the attempt in progress, if any: a newer sign-in, a cancel, a sign-out. */
  abandon(): void {
    const attempt = this.#attempt;
    if (attempt === null) return;
    this.#clear(attempt);
    void attempt.receiver?.close();
    attempt.reject(new SignInError(ErrorCode.ROOMDECK_SIGN_IN_FAILED, { cause: 'superseded' }));
  }

  async #complete(attempt: Attempt, callbackUrl: URL): Promise<void> {
    const { oauth } = this.#deps.options;
    try {
      if (this.#attempt !== attempt)
        throw new SignInError(ErrorCode.ROOMDECK_STATE_MISMATCH, { cause: 'superseded' });
      const params = validateCallback(oauth, callbackUrl, attempt.state);
      const tokens = await exchangeCode(oauth, params, attempt.redirectUri, attempt.verifier);
      if (this.#attempt !== attempt) {
        void this.#deps.revoke(tokens);
        throw new SignInError(ErrorCode.ROOMDECK_SIGN_IN_FAILED, { cause: 'superseded during the exchange' });
      }
      await this.#deps.adopt(tokens);
      this.#clear(attempt);
      attempt.resolve();
    } catch (err) {
      this.#fail(attempt, err);
      throw err;
    }
  }

  #fail(attempt: Attempt, err: unknown): void {
    if (this.#attempt !== attempt) return;
    this.#clear(attempt);
    attempt.reject(err);
    this.#deps.failed(err);
  }

  /** The loopback receiver closes itself after answering its callback; only abandoning closes it early. */
  #clear(attempt: Attempt): void {
    if (this.#attempt === attempt) this.#attempt = null;
    if (attempt.timer !== null) this.#deps.clock.clearTimeout(attempt.timer);
    const window = attempt.window;
    attempt.window = null;
    window?.close();
  }
}
