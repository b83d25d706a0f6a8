import { ErrorCode } from '#contract';
import type { DeviceCode, RoomdeckApi, TechnicianAccess } from '#contract';
import { type BridgeError, toBridgeError } from '../../bridge/bridge.ts';
import type { Clock } from '../../time/clock.ts';
import { errorWords } from '../../i18n/error-words.ts';
import { t } from '../../i18n/i18n.svelte.ts';
import { InactivityTimer } from './inactivity.ts';
import { watchErrors } from './watch-errors.ts';

/**
 * Technician access on a kiosk panel, as the drawer over the panel shows it: the PIN pad, then the
 * technician's own sign-in, then the tools. The main process checks the PIN and keeps the
 * technician's session apart from the panel's; this model only follows what it says, counts down
 * the lock-out and the inactivity timeout, and closes the drawer (signing the technician out).
 */

export type AccessPhase = 'closed' | 'pin' | 'sign-in' | 'signing-in' | 'open';

export interface PinFeedback {
  kind: 'wrong' | 'locked' | 'problem';
  text: string;
}

/**
 * A window the panel opened (the service's sign-in page over the panel). The browser may cut this
 * handle off once the window, without an opener, goes to another site: `closed` may then read true
 * at once and close() do nothing, so neither is taken as the person's doing.
 */
export interface OpenedWindow {
  readonly closed: boolean;
  close(): void;
}

export interface Navigator {
  assign(url: string): void;
  /** Opens `url` in a window of its own over the panel; null where the browser refused one. */
  open?(url: string): OpenedWindow | null;
}

export interface TechnicianAccessOptions {
  /** The panel's bridge: the gate's verbs (`technician.*`). */
  api: RoomdeckApi;
  /** The technician's route: what the tools use while the drawer is open. */
  tools: RoomdeckApi;
  nav: Navigator;
  clock: Clock;
}

/** How often a sign-in in the system browser or sign-in window is asked about. */
const SIGN_IN_CHECK_MS = 1_000;
const MAX_DIGITS = 12;

export class TechnicianAccessModel {
  #phase = $state<AccessPhase>('closed');
  #available = $state(false);
  #digits = $state('');
  #feedback = $state<PinFeedback | null>(null);
  #lockedForS = $state(0);
  #secondsLeft = $state(0);
  #reason = $state<string | null>(null);
  #busy = $state(false);
  /** The code to approve on a phone while the technician signs in that way (RFC 8628). */
  #device = $state<DeviceCode | null>(null);
  /** False once the service said it offers no sign-in by phone: the drawer offers only its page. */
  #deviceOffered = $state(true);
  /** The phone sign-in starts by itself once per opening of the drawer (not again after a denial). */
  #deviceTried = false;
  readonly #options: TechnicianAccessOptions;
  readonly #tools: RoomdeckApi;
  #idle: InactivityTimer | null = null;
  #timeoutMs = 120_000;
  #lockTimer: unknown = null;
  #lockedUntil = 0;
  #checkTimer: unknown = null;
  /** The service's sign-in page, in a window over the panel (browser host), while it is used. */
  #window: OpenedWindow | null = null;

  constructor(options: TechnicianAccessOptions) {
    this.#options = options;
    this.#tools = watchErrors(options.tools, (error) => this.#onToolsError(error));
  }

  get phase(): AccessPhase {
    return this.#phase;
  }
  get available(): boolean {
    return this.#available;
  }
  /** How many digits are typed (the digits themselves are never shown). */
  get typed(): number {
    return this.#digits.length;
  }
  get feedback(): PinFeedback | null {
    return this.#feedback;
  }
  get lockedForS(): number {
    return this.#lockedForS;
  }
  get secondsLeft(): number {
    return this.#secondsLeft;
  }
  /** Why the technician's last sign-in did not work, in the service's or Roomdeck's words. */
  get reason(): string | null {
    return this.#reason;
  }
  get busy(): boolean {
    return this.#busy;
  }
  /** The code and QR link while a sign-in by phone is under way; null otherwise. */
  get device(): DeviceCode | null {
    return this.#device;
  }
  /** Whether the service offers sign-in by phone (as far as the drawer knows). */
  get deviceOffered(): boolean {
    return this.#deviceOffered;
  }

  /** The technician's bridge, for the tools. */
  get tools(): RoomdeckApi {
    return this.#tools;
  }

  /**
   * Asks the main process where things stand: whether this kiosk offers technician access at all,
   * and, after the browser host's sign-in came back to the page, reopens the drawer where it was.
   */
  async load(): Promise<void> {
    try {
      const access = await this.#options.api.technician.status({});
      this.#adopt(access);
      if (access.open && this.#phase === 'closed') this.#enter(access);
    } catch {
      this.#available = false;
    }
    await this.#autoDevice();
  }

  /** The way in: the PIN pad (or straight on, when the gate is still open). */
  begin(): void {
    if (!this.#available || this.#phase !== 'closed') return;
    this.#digits = '';
    this.#feedback = null;
    this.#phase = 'pin';
    this.#startIdle();
    void this.load().then(() => this.#showLock());
  }

  press(digit: string): void {
    this.activity();
    if (this.#phase !== 'pin' || this.#lockedForS > 0 || !/^\d$/.test(digit)) return;
    if (this.#digits.length < MAX_DIGITS) this.#digits += digit;
    if (this.#feedback?.kind !== 'locked') this.#feedback = null;
  }

  erase(): void {
    this.activity();
    this.#digits = this.#digits.slice(0, -1);
  }

  async submit(): Promise<void> {
    this.activity();
    if (this.#phase !== 'pin' || this.#busy || this.#digits === '' || this.#lockedForS > 0) return;
    const pin = this.#digits;
    this.#digits = '';
    this.#busy = true;
    try {
      const { outcome, access } = await this.#options.api.technician.unlock({ pin });
      this.#adopt(access);
      if (outcome === 'opened') this.#enter(access);
      else if (outcome === 'wrong') {
        this.#feedback = {
          kind: 'wrong',
          text: t('tech.pin.wrong', { tries: access.triesLeft }),
        };
      } else if (outcome === 'locked') this.#showLock();
      else this.#closeLocally();
    } catch (error) {
      this.#feedback = { kind: 'problem', text: errorWords(toBridgeError(error)) };
    } finally {
      this.#busy = false;
    }
    await this.#autoDevice();
  }

  /** The technician's own sign-in: the service's page (browser host) or a sign-in window (Electron). */
  async signIn(): Promise<void> {
    this.activity();
    if (this.#busy || this.#phase === 'closed' || this.#phase === 'pin') return;
    this.#busy = true;
    this.#reason = null;
    try {
      const { status, navigateTo } = await this.#options.api.technician.signIn({});
      this.#device = null;
      if (navigateTo) {
        // Over the panel, not instead of it: the room's panel and this drawer (with Cancel) stay.
        this.#closeWindow();
        this.#window = this.#options.nav.open?.(navigateTo) ?? null;
        if (this.#window === null) return this.#options.nav.assign(navigateTo);
        this.#phase = 'signing-in';
        return this.#checkSignIn();
      }
      if (status.state === 'signed-in') this.#phase = 'open';
      else if (status.state === 'signing-in') {
        this.#phase = 'signing-in';
        this.#checkSignIn();
      } else this.#reason = reasonWords(status.reason);
    } catch (error) {
      this.#onToolsError(toBridgeError(error));
    } finally {
      this.#busy = false;
    }
  }

  /**
   * Sign-in by phone (RFC 8628): the drawer shows a QR code and a user code; the technician approves
   * it on their phone and this panel is signed in as them. A technician at a glass wall has no
   * keyboard, so this is the way offered first; the service's own page stays one touch away.
   */
  async deviceSignIn(): Promise<void> {
    this.activity();
    if (this.#busy || this.#phase === 'closed' || this.#phase === 'pin' || this.#phase === 'open') return;
    this.#deviceTried = true;
    this.#busy = true;
    this.#reason = null;
    try {
      const { status, device } = await this.#options.api.technician.deviceSignIn({});
      if (status.state === 'signed-in') this.#phase = 'open';
      else if (device !== null) {
        this.#device = device;
        this.#phase = 'signing-in';
        this.#checkSignIn();
      } else if (status.state === 'signed-out') {
        // Not offered (or the service unreachable): say why; the page sign-in remains.
        this.#deviceOffered = false;
        this.#device = null;
        this.#reason = reasonWords(status.reason);
        this.#phase = 'sign-in';
      }
    } catch (error) {
      this.#onToolsError(toBridgeError(error));
    } finally {
      this.#busy = false;
    }
  }

  /** Whether the service's sign-in page is open in a window over the panel. */
  get inWindow(): boolean {
    return this.#window !== null;
  }

  /** Cancel: the sign-in under way ends (window closed, attempt abandoned); both ways in again. */
  async cancelSignIn(): Promise<void> {
    this.activity();
    if (this.#phase !== 'signing-in') return;
    this.#closeWindow();
    this.#device = null;
    this.#phase = 'sign-in';
    this.#reason = t('tech.signIn.cancelled');
    await this.#options.api.technician.cancelSignIn({}).catch(() => undefined);
  }

  #closeWindow(): void {
    const opened = this.#window;
    this.#window = null;
    if (opened !== null && !opened.closed) opened.close();
  }

  /** Close (or the timeout): the technician is signed out, the gate locks, the panel shows. */
  async close(): Promise<void> {
    const wasOpen = this.#phase !== 'closed';
    this.#closeLocally();
    if (!wasOpen) return;
    await this.#options.api.technician.close({}).catch(() => undefined);
  }

  /** A touch or key anywhere in the drawer. */
  activity(): void {
    this.#idle?.touch();
  }

  #enter(access: TechnicianAccess): void {
    this.#feedback = null;
    this.#digits = '';
    this.#reason = reasonWords(access.session.reason);
    this.#device = access.device ?? null;
    this.#phase =
      access.session.state === 'signed-in'
        ? 'open'
        : access.session.state === 'signing-in'
          ? 'signing-in'
          : 'sign-in';
    if (this.#phase === 'signing-in') this.#checkSignIn();
    this.#startIdle();
  }

  /** Straight after the PIN: the QR code, without a touch more (once per opening of the drawer). */
  async #autoDevice(): Promise<void> {
    if (this.#phase === 'sign-in' && this.#deviceOffered && !this.#deviceTried) await this.deviceSignIn();
  }

  #adopt(access: TechnicianAccess): void {
    this.#available = access.available;
    this.#timeoutMs = access.idleTimeoutMs;
    this.#lockedUntil = access.retryInMs > 0 ? this.#options.clock.now() + access.retryInMs : 0;
  }

  /** Locked out: "Locked for N s", counting down, then the pad again. */
  #showLock(): void {
    const { clock } = this.#options;
    if (this.#lockTimer !== null) clock.clearTimeout(this.#lockTimer);
    this.#lockTimer = null;
    const left = this.#lockedUntil - clock.now();
    if (left <= 0 || this.#phase !== 'pin') {
      this.#lockedForS = 0;
      if (this.#feedback?.kind === 'locked') this.#feedback = null;
      return;
    }
    this.#lockedForS = Math.ceil(left / 1000);
    this.#feedback = {
      kind: 'locked',
      text: t('tech.pin.locked', { seconds: this.#lockedForS }),
    };
    this.#lockTimer = clock.setTimeout(() => this.#showLock(), left % 1000 || 1000);
  }

  #startIdle(): void {
    this.#idle?.stop();
    this.#idle = new InactivityTimer({
      timeoutMs: this.#timeoutMs,
      clock: this.#options.clock,
      onExpire: () => void this.close(),
      onTick: (s) => {
        this.#secondsLeft = s;
      },
      // The gate's own timeout (a backstop) learns the technician is still there.
      onReport: () => {
        if (this.#phase === 'open' || this.#phase === 'sign-in')
          void this.#options.api.technician.touch({}).catch(() => undefined);
      },
    });
    this.#idle.start();
  }

  #checkSignIn(): void {
    const { clock } = this.#options;
    if (this.#checkTimer !== null) clock.clearTimeout(this.#checkTimer);
    this.#checkTimer = clock.setTimeout(async () => {
      this.#checkTimer = null;
      if (this.#phase !== 'signing-in') return;
      try {
        const access = await this.#options.api.technician.status({});
        if (!access.open) return this.#closeLocally();
        if (access.session.state === 'signing-in') {
          this.#device = access.device ?? null;
          return this.#checkSignIn();
        }
        // Signed in, refused or timed out: the window has nothing more to show.
        this.#closeWindow();
        this.#enter(access);
      } catch {
        this.#checkSignIn();
      }
    }, SIGN_IN_CHECK_MS);
  }

  #onToolsError(error: BridgeError): void {
    if (error.code === ErrorCode.ROOMDECK_TECHNICIAN_LOCKED) this.#closeLocally();
    else if (error.endsSession && this.#phase === 'open') {
      this.#reason = errorWords(error);
      this.#phase = 'sign-in';
    }
  }

  #closeLocally(): void {
    const { clock } = this.#options;
    this.#idle?.stop();
    this.#idle = null;
    for (const timer of [this.#lockTimer, this.#checkTimer]) if (timer !== null) clock.clearTimeout(timer);
    this.#lockTimer = null;
    this.#checkTimer = null;
    this.#phase = 'closed';
    this.#closeWindow();
    this.#device = null;
    this.#deviceTried = false;
    this.#digits = '';
    this.#feedback = null;
    this.#lockedForS = 0;
  }
}

/** Why a sign-in ended or failed, in the page's language (the main process's English is for its log). */
const reasonWords = (reason: { code: string; message: string } | null | undefined): string | null =>
  reason ? errorWords(reason) : null;
