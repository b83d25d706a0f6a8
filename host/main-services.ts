import path from 'node:path';
import { signOutMarkerFile } from '../core/auth/sign-out-memory.ts';
import { createMainServices } from '../core/bridge/handlers.ts';
import type { ResolvedConfig } from '../core/config/schema.ts';
import type { DiagnosticsContext } from '../core/diagnostics/collect.ts';
import type { Log } from '../core/log/log.ts';
import { createFileVault } from '../core/store/file-vault.ts';
import { createSettings } from '../core/store/settings.ts';
import { lockoutFile } from '../core/technician/lockout-file.ts';
import type { HostServices } from './app.ts';

/**
 * The browser host's main-process services on this machine's data directory: the session and its
 * vault, the api client, the live channel, the technician's lock-out. start.ts imports this module
 * only once the host listens: it is most of the host's code, and the first request (the printed
 * address) needs none of it.
 */
export function composeHostServices(options: {
  config: ResolvedConfig;
  callbackUrl: string;
  log: Log;
  diagnostics: DiagnosticsContext;
}): HostServices {
  const { config, callbackUrl, log, diagnostics } = options;
  return createMainServices({
    config,
    vault: createFileVault({ dataDir: config.dataDir }),
    settings: createSettings({ dataDir: config.dataDir }),
    signInMode: 'host-redirect',
    hostCallbackUrl: callbackUrl,
    signOutMemory: signOutMarkerFile(path.join(config.dataDir, 'signed-out')),
    technicianLockout: lockoutFile({ dataDir: config.dataDir }),
    log,
    diagnostics,
  });
}
