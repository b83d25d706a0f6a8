import type { Clock, TimerHandle } from '../api/clock.ts';
import type { Translator } from '../../locales/index.ts';
import { type ErrorScreen, errorScreen } from './error-screen.ts';
import type { Failure, FailureKind } from './failure.ts';

/**
 * Recovery without a keyboard. A panel on a wall has nobody to press F5: when its page dies
 * (renderer crash, GPU process gone, hung for too long, heartbeat silent) the supervisor brings it
 * back into the same room and page, first with a reload, then by recreating the window, waiting
 * longer after each failure. When failures keep coming it shows a readable screen with whom to
 * call, and tries again from there by itself. Pure logic: time and the window come in as ports.
 */

/** Where the panel was: the room is kept by the main process anyway; the page rides in the URL. */
export interface PanelLocation {
  systemId: string | null;
  page: string | null;
}

export type { Failure, FailureKind };

/** What the supervisor acts on (the Electron glue implements it over the BrowserWindow). */
export interface RecoveryTarget {
  /** Reloads the page at the location (the renderer process is replaced if it died). */
  reload(location: PanelLocation | null): void;
  /** Opens a fresh window at the location, then closes the old one. */
  recreate(location: PanelLocation | null): void;
  showError(screen: ErrorScreen): void;
}

export interface RecoveryPolicy {
  /** A renderer reported unresponsive for this long is given up on. */
  unresponsiveMs: number;
  /** The renderer reports at least this often while alive; silence this long is a hang. */
  heartbeatTimeoutMs: number;
  /** Extra time a recovered page gets to load before its first heartbeat is due. */
  loadGraceMs: number;
  /** Wait before the first recovery; doubled for each further failure in the window. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** This many failures within `failureWindowMs` and the error screen shows. */
  maxFailures: number;
  failureWindowMs: number;
  /** How long the error screen shows before the next attempt. */
  errorRetryMs: number;
}

export const DEFAULT_RECOVERY_POLICY: RecoveryPolicy = {
  unresponsiveMs: 15_000,
  heartbeatTimeoutMs: 30_000,
  loadGraceMs: 30_000,
  firstDelayMs: 1_000,
  maxDelayMs: 60_000,
  maxFailures: 5,
  failureWindowMs: 15 * 60_000,
  errorRetryMs: 5 * 60_000,
};

export type SupervisorState = 'running' | 'waiting' | 'recovering' | 'error' | 'disposed';

export interface RecoveryEvent {
  what: 'failure' | 'reload' | 'recreate' | 'error-screen' | 'recovered';
  failure?: Failure;
  location: PanelLocation | null;
}

export interface RecoverySupervisorOptions {
  clock: Clock;
  target: RecoveryTarget;
  policy?: Partial<RecoveryPolicy>;
  /** Shown on the error screen: who to call (configuration's `supportContact`). */
  supportContact?: string | undefined;
  /**
   * The error screen's words in the panel's language, asked for when it shows (the Electron glue
   * loads them at start, which takes a moment); absent or not yet loaded: English.
   */
  words?: () => Translator | undefined;
  /** Every failure and action, for the log. */
  onEvent?: (event: RecoveryEvent) => void;
}

/** Exponential back-off with a cap: the n-th failure in the window waits first·2^(n-1). */
export function recoveryDelayMs(failuresInWindow: number, policy: RecoveryPolicy): number {
  const exponent = Math.max(0, failuresInWindow - 1);
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.min(exponent, 30));
}

export class RecoverySupervisor {
  readonly policy: RecoveryPolicy;
  readonly #o: RecoverySupervisorOptions;
  #state: SupervisorState = 'running';
  #failures: Failure[] = [];
  #location: PanelLocation | null = null;
  /** The watchdog only runs once the page has shown it sends heartbeats at all. */
  #heard = false;
  #unresponsiveTimer: TimerHandle | null = null;
  #watchdogTimer: TimerHandle | null = null;
  #recoveryTimer: TimerHandle | null = null;

  constructor(options: RecoverySupervisorOptions) {
    this.#o = options;
    this.policy = { ...DEFAULT_RECOVERY_POLICY, ...options.policy };
  }

  get state(): SupervisorState {
    return this.#state;
  }
  get location(): PanelLocation | null {
    return this.#location;
  }
  /** Failures still inside the window (bounded by `maxFailures`). */
  get recentFailures(): readonly Failure[] {
    const now = this.#o.clock.now();
    return this.#failures.filter((f) => now - f.at < this.policy.failureWindowMs);
  }
  /** Timers this supervisor holds (for the soak test: never more than three). */
  get pendingTimers(): number {
    return [this.#unresponsiveTimer, this.#watchdogTimer, this.#recoveryTimer].filter((t) => t !== null)
      .length;
  }

  /** A report from the page: it is alive, and where it is (null: not known yet, keep the last). */
  heartbeat(location: PanelLocation | null): void {
    if (this.#state === 'disposed') return;
    if (location !== null) this.#location = { systemId: location.systemId, page: location.page };
    this.#heard = true;
    if (this.#state === 'recovering') {
      this.#state = 'running';
      this.#emit({ what: 'recovered' });
    }
    if (this.#state === 'running') this.#armWatchdog(this.policy.heartbeatTimeoutMs);
  }

  rendererGone(reason: string): void {
    this.#fail('render-process-gone', reason);
  }

  unresponsive(): void {
    if (this.#state !== 'running' && this.#state !== 'recovering') return;
    if (this.#unresponsiveTimer !== null) return;
    this.#unresponsiveTimer = this.#o.clock.setTimeout(() => {
      this.#unresponsiveTimer = null;
      const seconds = Math.round(this.policy.unresponsiveMs / 1000);
      // i18n-ignore: the log's words; the error screen words `seconds` in the panel's language
      this.#fail('unresponsive', `no answer for ${seconds} s`, seconds);
    }, this.policy.unresponsiveMs);
  }

  responsive(): void {
    this.#clear('unresponsive');
  }

  /** Electron's app `child-process-gone`: only the GPU process takes the page's drawing with it. */
  childProcessGone(details: { type: string; reason: string }): void {
    if (details.type !== 'GPU' || details.reason === 'clean-exit') return;
    this.#fail('gpu-process-gone', details.reason);
  }

  /** The main frame did not load (the error code is Chromium's; -3 is a navigation aborted by us). */
  loadFailed(errorCode: number, description: string): void {
    if (errorCode === -3) return;
    this.#fail('load-failed', `${description} (${errorCode})`);
  }

  dispose(): void {
    this.#clear('unresponsive');
    this.#clear('watchdog');
    this.#clear('recovery');
    this.#state = 'disposed';
  }

  #fail(kind: FailureKind, detail: string, silentSeconds?: number): void {
    // One recovery at a time: a crash seen twice (gone, then the heartbeat stops) is one failure.
    if (this.#state !== 'running' && this.#state !== 'recovering') return;
    this.#clear('unresponsive');
    this.#clear('watchdog');
    const now = this.#o.clock.now();
    const failure: Failure = {
      kind,
      detail,
      at: now,
      ...(silentSeconds === undefined ? {} : { silentSeconds }),
    };
    this.#failures = [
      ...this.#failures.filter((f) => now - f.at < this.policy.failureWindowMs),
      failure,
    ].slice(-this.policy.maxFailures);
    this.#emit({ what: 'failure', failure });
    const count = this.#failures.length;
    if (count >= this.policy.maxFailures) {
      this.#state = 'error';
      const screen = errorScreen({
        failures: this.#failures,
        retryInMs: this.policy.errorRetryMs,
        supportContact: this.#o.supportContact,
        words: this.#o.words?.(),
      });
      this.#o.target.showError(screen);
      this.#emit({ what: 'error-screen', failure });
      this.#recoveryTimer = this.#o.clock.setTimeout(() => {
        this.#recoveryTimer = null;
        this.#recover('recreate');
      }, this.policy.errorRetryMs);
      return;
    }
    this.#state = 'waiting';
    // The first failure in a while gets the light touch; a second one a fresh window.
    const how = count === 1 ? 'reload' : 'recreate';
    this.#recoveryTimer = this.#o.clock.setTimeout(
      () => {
        this.#recoveryTimer = null;
        this.#recover(how);
      },
      recoveryDelayMs(count, this.policy),
    );
  }

  #recover(how: 'reload' | 'recreate'): void {
    if (this.#state === 'disposed') return;
    this.#state = 'recovering';
    this.#emit({ what: how });
    // A page that never comes back is a failure too; the watchdog waits for its first heartbeat.
    if (this.#heard) this.#armWatchdog(this.policy.heartbeatTimeoutMs + this.policy.loadGraceMs);
    try {
      if (how === 'reload') this.#o.target.reload(this.#location);
      else this.#o.target.recreate(this.#location);
    } catch (err) {
      this.#fail('load-failed', err instanceof Error ? err.message : String(err));
    }
  }

  #armWatchdog(ms: number): void {
    this.#clear('watchdog');
    this.#watchdogTimer = this.#o.clock.setTimeout(() => {
      this.#watchdogTimer = null;
      const seconds = Math.round(ms / 1000);
      // i18n-ignore: the log's words; the error screen words `seconds` in the panel's language
      this.#fail('heartbeat-lost', `no heartbeat for ${seconds} s`, seconds);
    }, ms);
  }

  #clear(which: 'unresponsive' | 'watchdog' | 'recovery'): void {
    const timers = {
      unresponsive: this.#unresponsiveTimer,
      watchdog: this.#watchdogTimer,
      recovery: this.#recoveryTimer,
    };
    const handle = timers[which];
    if (handle !== null) this.#o.clock.clearTimeout(handle);
    if (which === 'unresponsive') this.#unresponsiveTimer = null;
    else if (which === 'watchdog') this.#watchdogTimer = null;
    else this.#recoveryTimer = null;
  }

  #emit(event: Omit<RecoveryEvent, 'location'>): void {
    this.#o.onEvent?.({ ...event, location: this.#location });
  }
}
