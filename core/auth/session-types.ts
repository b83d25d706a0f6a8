import type { Clock } from '../api/clock.ts';
import type { TokenVault } from '../store/vault.ts';
import type { OAuthContext, ServiceAccount } from './flows.ts';
import type { SignOutMemory } from './sign-out-memory.ts';

/** What the Session shows and takes: its status, its ways of signing in, its options. */

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
