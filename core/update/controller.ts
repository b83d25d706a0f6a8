import type { Clock, TimerHandle } from '../api/clock.ts';
import type { Log } from '../log/log.ts';
import {
  DEFAULT_INSTALL_POLICY,
  type InstallPolicy,
  installDecision,
  type PanelActivity,
} from './install-window.ts';

/**
 * Updates for a fleet: check now and then, download whenever one is out, install only in an idle
 * window (install-window.ts). electron-updater sits behind `UpdateBackend` (main.ts adapts it, and
 * the adapter refuses any download the release key did not sign), so this runs and is tested in
 * Node on a fake clock. A refused update is logged and dropped: the controller goes back to idle and
 * asks the feed again at the usual interval, never sooner.
 */

export interface UpdateSettings {
  /** The generic provider's URL (managed configuration); none = no updates. */
  url: string | null;
  channel: 'stable' | 'beta';
  checkEveryMs: number;
  policy?: InstallPolicy;
}

export interface UpdateBackend {
  /** Points the updater at the feed; `channel` "beta" also accepts pre-releases. */
  configure(feed: { url: string; channel: 'latest' | 'beta'; allowPrerelease: boolean }): void;
  /** Checks and, when one is out, downloads it; resolves with its version, or null when current. */
  checkAndDownload(): Promise<string | null>;
  /** Restarts into the downloaded version; rejects (UpdateRefusedError) when it no longer verifies. */
  install(): Promise<void>;
}

/** An update that did not verify: never installed. */
export class UpdateRefusedError extends Error {
  override readonly name = 'UpdateRefusedError';
  constructor(
    readonly version: string,
    readonly reason: string,
  ) {
    super(`update ${version} refused: ${reason}`);
  }
}

export type UpdateStatus =
  | { state: 'disabled' }
  | { state: 'idle'; lastCheckAt: number | null; error: string | null }
  | { state: 'waiting-to-install'; version: string; reason: string; retryAt: number }
  | { state: 'installing'; version: string };

export class UpdateController {
  readonly #settings: UpdateSettings;
  readonly #backend: UpdateBackend;
  readonly #clock: Clock;
  readonly #activity: () => PanelActivity;
  readonly #log: Log | undefined;
  #status: UpdateStatus;
  #checkTimer: TimerHandle | null = null;
  #installTimer: TimerHandle | null = null;
  #checking = false;

  constructor(options: {
    settings: UpdateSettings;
    backend: UpdateBackend;
    clock: Clock;
    activity: () => PanelActivity;
    log?: Log;
  }) {
    this.#settings = options.settings;
    this.#backend = options.backend;
    this.#clock = options.clock;
    this.#activity = options.activity;
    this.#log = options.log;
    this.#status =
      options.settings.url === null
        ? { state: 'disabled' }
        : { state: 'idle', lastCheckAt: null, error: null };
  }

  status(): UpdateStatus {
    return this.#status;
  }

  start(): void {
    const { url, channel } = this.#settings;
    if (url === null) return;
    this.#backend.configure({
      url,
      channel: channel === 'beta' ? 'beta' : 'latest',
      allowPrerelease: channel === 'beta',
    });
    void this.#check();
  }

  stop(): void {
    if (this.#checkTimer !== null) this.#clock.clearTimeout(this.#checkTimer);
    if (this.#installTimer !== null) this.#clock.clearTimeout(this.#installTimer);
    this.#checkTimer = this.#installTimer = null;
  }

  async #check(): Promise<void> {
    if (this.#checking || this.#status.state === 'waiting-to-install' || this.#status.state === 'installing')
      return;
    this.#checking = true;
    try {
      const version = await this.#backend.checkAndDownload();
      if (version === null) {
        this.#status = { state: 'idle', lastCheckAt: this.#clock.now(), error: null };
      } else {
        this.#log?.info('update-downloaded', { version });
        this.#considerInstall(version);
        return;
      }
    } catch (err) {
      this.#failed(err);
    } finally {
      this.#checking = false;
    }
    this.#scheduleCheck();
  }

  #scheduleCheck(): void {
    this.#checkTimer = this.#clock.setTimeout(() => void this.#check(), this.#settings.checkEveryMs);
  }

  /** Back to idle with what went wrong; a refused update is an error in the log, not a warning. */
  #failed(err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    this.#status = { state: 'idle', lastCheckAt: this.#clock.now(), error: message };
    if (err instanceof UpdateRefusedError) {
      this.#log?.error('update-refused', { version: err.version, reason: err.reason });
    } else {
      this.#log?.warn('update-check-failed', { error: message });
    }
  }

  #considerInstall(version: string): void {
    const decision = installDecision(this.#activity(), this.#settings.policy ?? DEFAULT_INSTALL_POLICY);
    if (decision.install) {
      this.#status = { state: 'installing', version };
      this.#log?.info('update-installing', { version });
      this.#backend.install().catch((err: unknown) => {
        // Not installed (it no longer verifies, or the installer would not start): idle again.
        this.#failed(err);
        this.#scheduleCheck();
      });
      return;
    }
    this.#status = {
      state: 'waiting-to-install',
      version,
      reason: decision.reason,
      retryAt: decision.retryAt,
    };
    const wait = Math.max(1_000, decision.retryAt - this.#clock.now());
    this.#installTimer = this.#clock.setTimeout(() => this.#considerInstall(version), wait);
  }
}
