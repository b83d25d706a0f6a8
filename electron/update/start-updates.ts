import { systemClock } from '../../core/api/clock.ts';
import type { ResolvedConfig } from '../../core/config/schema.ts';
import { type PanelReports, panelActivity } from '../../core/kiosk/panel-reports.ts';
import type { Log } from '../../core/log/log.ts';
import { UpdateController } from '../../core/update/controller.ts';
import { loadUpdatePublicKeys } from '../../core/update/public-key.ts';
import { electronUpdaterBackend } from './electron-updater-backend.ts';

/** How often the update feed is asked for a new version. */
const UPDATE_CHECK_EVERY_MS = 60 * 60_000;

export interface StartUpdatesOptions {
  updates: NonNullable<ResolvedConfig['updates']> & { url: string };
  /** What the panel says (room in use, page): an update installs only when nobody can notice. */
  reports: PanelReports;
  /** Where the release keys are (beside app.asar when installed; the repo's resources/ from source). */
  keyDir: string;
  /** Lets the installer's quit through the kiosk's quit gate. */
  authorizeQuit: () => void;
  log: Log;
}

/**
 * Updates from the configured feed: downloaded whenever one is out, installed only when the panel
 * says nobody can notice (update/install-window.ts). electron-updater is loaded only here, so a
 * panel without a feed never runs it. Returns the running controller (its status, its stop).
 */
export async function startUpdates(options: StartUpdatesOptions): Promise<UpdateController> {
  const { updates, reports, log } = options;
  const { autoUpdater } = await import('electron-updater');
  const { keys, problem } = loadUpdatePublicKeys(options.keyDir);
  // Fail closed: without a key every update is refused (and says why), never installed unchecked.
  if (problem !== null) log.error('update-key-missing', { problem });
  const controller = new UpdateController({
    settings: { url: updates.url, channel: updates.channel ?? 'stable', checkEveryMs: UPDATE_CHECK_EVERY_MS },
    backend: electronUpdaterBackend({
      updater: autoUpdater,
      authorizeQuit: options.authorizeQuit,
      publicKeys: keys,
      log,
    }),
    clock: systemClock,
    activity: () => panelActivity(reports, systemClock.now()),
    log,
  });
  controller.start();
  return controller;
}
