import type { AppConfig } from '../../../contract/types.ts';
import type { RoomdeckApi } from '../../../contract/verbs.ts';
import { RoomdeckError } from '../../api/errors.ts';
import type { ResolvedConfig } from '../../config/schema.ts';
import type { PanelEnrolment } from '../../enrolment/enrolment.ts';
import type { Settings } from '../../store/settings.ts';
import { afterReady } from './calls.ts';
import { ErrorCode } from '../../../contract/error-codes.ts';

export interface AppConfigSources {
  config: ResolvedConfig;
  settings: Settings;
  /** The panel's own binding: an enrolled panel's room is locked like a configured one. */
  enrolment: PanelEnrolment;
}

/**
 * The configuration as the renderer sees it (the contract's AppConfig): the room chosen here when
 * none is configured, and nothing secret (no client secret, no service account).
 */
export function appConfigOf({ config, settings, enrolment }: AppConfigSources): () => AppConfig {
  return () => ({
    serverUrl: config.serverUrl,
    embeddedSimulator: config.embeddedSimulator,
    systemId: config.systemId ?? settings.getSystemId(),
    systemLocked: config.systemId !== null || enrolment.bound,
    kiosk: config.kiosk,
    poll: { ...config.poll },
    panel: { ...config.panel },
    // Placeholder until core/config reads panel.locale / panel.languages / panel.clock (issue 24).
    language: { locale: null, languages: [], clock: 'locale', system: [] },
  });
}

export interface ConfigVerbsDeps {
  ready: Promise<void>;
  config: ResolvedConfig;
  enrolment: PanelEnrolment;
  appConfig: () => AppConfig;
}

export function configVerbs({ ready, config, enrolment, appConfig }: ConfigVerbsDeps): RoomdeckApi['config'] {
  const after = afterReady(ready);
  return {
    get: after(async () => appConfig()),
    chooseSystem: after(async ({ systemId }) => {
      // A room set by the administrator's configuration is not the panel's to change.
      if (config.systemId !== null) throw new RoomdeckError(ErrorCode.ROOMDECK_SYSTEM_LOCKED);
      enrolment.chooseSystem(systemId);
      return appConfig();
    }),
  };
}
