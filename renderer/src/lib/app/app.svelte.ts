import { ErrorCode } from '#contract';
import type { AppConfig, BootView, RoomdeckApi, RoomOpening, SessionStatus } from '#contract';
import { BridgeError, toBridgeError } from '../bridge/bridge.ts';
import { t } from '../i18n/i18n.svelte.ts';
import type { LiveEventSource } from '../live/live-events.ts';

/** The page's live channel as each room takes it (room/live.ts's PanelLive, named here so lib/ needs no room/). */
export interface PageLive {
  source: LiveEventSource;
  watcher: string;
}

export interface Reason {
  code: string;
  message: string;
}

export type Screen =
  | { name: 'starting' }
  | { name: 'sign-in'; status: SessionStatus | null; reason: Reason | null }
  | { name: 'choose-room'; config: AppConfig }
  | { name: 'panel'; config: AppConfig; systemId: string };

export interface Navigator {
  assign(url: string): void;
}

/** How often the sign-in screen asks whether the system browser has finished signing in. */
export const SIGN_IN_CHECK_MS = 1_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What to do about each way a session can end or fail to start; people at a wall need a next step. */
export function adviceFor(code: string): string | null {
  switch (code) {
    // Their sentence already says what to do ("Sign in again to continue"): said once is enough.
    case ErrorCode.ROOMDECK_SESSION_ENDED:
    case ErrorCode.ROOMDECK_AUTH_REQUIRED:
      return null;
    case ErrorCode.ROOMDECK_OFFLINE:
    case ErrorCode.ROOMDECK_TIMEOUT:
      return t('app.advice.offline');
    case ErrorCode.ROOMDECK_BRIDGE_UNREACHABLE:
      return t('app.advice.bridgeUnreachable');
    default:
      return t('app.advice.other');
  }
}

/** Which screen shows, and the moves between them. */
export class AppModel {
  #screen = $state.raw<Screen>({ name: 'starting' });
  #busy = $state(false);
  /** A wall panel: no browser to reopen and nobody to cancel its unattended sign-in. */
  #kiosk = $state(false);
  readonly #api: RoomdeckApi;
  readonly #nav: Navigator;
  readonly #wait: (ms: number) => Promise<void>;
  readonly #live: PageLive | null;
  /** The remembered room, asked for as soon as start-up knows it (see `takeOpening`). */
  #opening: { systemId: string; answer: Promise<RoomOpening> } | null = null;

  /**
   * `live`: this page's live channel (its event source and watcher id, made once per page load);
   * null where there is none, and the panel polls.
   */
  constructor(
    api: RoomdeckApi,
    nav: Navigator,
    wait: (ms: number) => Promise<void> = sleep,
    live: PageLive | null = null,
  ) {
    this.#api = api;
    this.#nav = nav;
    this.#wait = wait;
    this.#live = live;
  }

  /** The page's live channel, handed to each room the panel opens (null: the panel polls). */
  get live(): PageLive | null {
    return this.#live;
  }

  get screen(): Screen {
    return this.#screen;
  }
  get busy(): boolean {
    return this.#busy;
  }
  get api(): RoomdeckApi {
    return this.#api;
  }
  /** Outside kiosk, a sign-in in progress offers Cancel and "Open the browser again". */
  get offersSignInEscape(): boolean {
    const screen = this.#screen;
    return !this.#kiosk && screen.name === 'sign-in' && screen.status?.state === 'signing-in';
  }

  /** The first screen. `answer`: a `session.boot` already asked for (the page asks before it mounts). */
  async boot(answer?: Promise<BootView>): Promise<void> {
    // One round trip: the session, the configuration and the bound room's opening come together.
    let boot: BootView;
    try {
      boot = await (answer ?? this.#api.session.boot({}));
    } catch (error) {
      return this.#toSignIn(null, toBridgeError(error));
    }
    this.#kiosk = boot.config.kiosk;
    if (boot.status.state !== 'signed-in') {
      this.#screen = { name: 'sign-in', status: boot.status, reason: boot.status.reason };
      return;
    }
    this.#showConfig(boot.config, boot.opening);
  }

  /** Called by the bridge when any call answers with a session-ending code. */
  sessionEnded(error: BridgeError): void {
    // While starting, boot() decides from the session's own status (which says why it ended).
    if (this.#screen.name === 'sign-in' || this.#screen.name === 'starting') return;
    this.#toSignIn(null, error);
  }

  async signIn(): Promise<void> {
    if (this.#busy) return;
    this.#busy = true;
    try {
      const { status, navigateTo } = await this.#api.session.signIn({});
      // Browser host: the service's sign-in page, which comes back to the host and then here.
      if (navigateTo) return this.#nav.assign(navigateTo);
      this.#screen = { name: 'sign-in', status, reason: status.reason };
      await this.#follow(status);
    } catch (error) {
      this.#toSignIn(null, toBridgeError(error));
    } finally {
      this.#busy = false;
    }
  }

  /**
   * Electron: the system browser signs in while the main process waits on its loopback listener
   * (up to 5 minutes, then it gives up and says why); follow it until it settles.
   */
  async #follow(status: SessionStatus): Promise<void> {
    const settled = status.state === 'signing-in' ? await this.#untilSettled() : status;
    if (settled.state === 'signed-in') await this.#afterSignIn();
    else this.#screen = { name: 'sign-in', status: settled, reason: settled.reason };
  }

  /** Gives up the sign-in in progress (the browser tab was closed, or the wrong account). */
  async cancelSignIn(): Promise<void> {
    try {
      const status = await this.#api.session.cancelSignIn({});
      this.#screen = { name: 'sign-in', status, reason: status.reason };
    } catch (error) {
      this.#toSignIn(null, toBridgeError(error));
    }
  }

  /** The same sign-in, in the browser again (or a new one if it has ended meanwhile). */
  async openBrowserAgain(): Promise<void> {
    try {
      const { status, navigateTo } = await this.#api.session.reopenSignIn({});
      if (navigateTo) return this.#nav.assign(navigateTo);
      this.#screen = { name: 'sign-in', status, reason: status.reason };
      // signIn() may still be following this sign-in; otherwise follow it from here.
      if (this.#busy) return;
      this.#busy = true;
      try {
        await this.#follow(status);
      } finally {
        this.#busy = false;
      }
    } catch (error) {
      this.#toSignIn(null, toBridgeError(error));
    }
  }

  /**
   * Signs out (the main process revokes the tokens) and shows the sign-in screen, where another
   * account may sign in: switching accounts needs no restart.
   */
  async signOut(): Promise<void> {
    try {
      const status = await this.#api.session.signOut({});
      this.#screen = { name: 'sign-in', status, reason: null };
    } catch (error) {
      this.#toSignIn(null, toBridgeError(error));
    }
  }

  async #untilSettled(): Promise<SessionStatus> {
    for (;;) {
      await this.#wait(SIGN_IN_CHECK_MS);
      const status = await this.#api.session.status({});
      if (status.state !== 'signing-in') return status;
    }
  }

  async chooseRoom(systemId: string): Promise<void> {
    try {
      const config = await this.#api.config.chooseSystem({ systemId });
      this.#screen = { name: 'panel', config, systemId };
    } catch (error) {
      // Remembering failed (e.g. a locked panel), but the person still gets the room they chose.
      const screen = this.#screen;
      if (screen.name === 'choose-room' && !toBridgeError(error).endsSession) {
        this.#screen = { name: 'panel', config: screen.config, systemId };
      }
    }
  }

  async changeRoom(): Promise<void> {
    const screen = this.#screen;
    if (screen.name !== 'panel' || screen.config.systemLocked) return;
    try {
      const config = await this.#api.config.chooseSystem({ systemId: null });
      this.#screen = { name: 'choose-room', config };
    } catch {
      this.#screen = { name: 'choose-room', config: { ...screen.config, systemId: null } };
    }
  }

  async #afterSignIn(): Promise<void> {
    try {
      this.#showConfig(await this.#api.config.get({}));
    } catch (error) {
      this.#toSignIn(null, toBridgeError(error));
    }
  }

  /**
   * The room start-up already asked the host for, once, if it is this one: the panel takes it
   * instead of asking again, so loading the room overlaps building the panel rather than following it.
   */
  takeOpening(systemId: string): Promise<RoomOpening> | null {
    const opening = this.#opening;
    this.#opening = null;
    return opening?.systemId === systemId ? opening.answer : null;
  }

  #showConfig(config: AppConfig, opened: BootView['opening'] = null): void {
    this.#opening = null;
    const systemId = config.systemId;
    if (systemId) {
      const answer =
        opened?.systemId === systemId
          ? 'room' in opened
            ? Promise.resolve(opened.room)
            : Promise.reject(new BridgeError(opened.failure))
          : Promise.resolve().then(() => this.#api.systems.open({ id: systemId }));
      // Whoever takes it handles its failure; unclaimed, it must not surface as an unhandled rejection.
      answer.catch(() => undefined);
      this.#opening = { systemId, answer };
    }
    this.#screen = systemId ? { name: 'panel', config, systemId } : { name: 'choose-room', config };
  }

  #toSignIn(status: SessionStatus | null, error: BridgeError): void {
    this.#screen = { name: 'sign-in', status, reason: { code: error.code, message: error.message } };
  }
}
