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
  /**
   * The operating system's preferred languages, best first: under Electron
   * `app.getPreferredSystemLanguages()`, passed in by electron/ (core stays Electron-free). The
   * browser host passes nothing: its page is in a browser whose own languages
   * (`navigator.languages`, the renderer's last fallback) already are the person's choice.
   */
  systemLanguages?: () => readonly string[];
}

/**
 * The configuration as the renderer sees it (the contract's AppConfig): the room chosen here when
 * none is configured, and nothing secret (no client secret, no service account).
 */
export function appConfigOf({
  config,
  settings,
  enrolment,
  systemLanguages,
}: AppConfigSources): () => AppConfig {
  const { screensaverAfterS, stillUsingAfterS, stillUsingAnswerS } = config.panel;
  return () => ({
    serverUrl: config.serverUrl,
    embeddedSimulator: config.embeddedSimulator,
    systemId: config.systemId ?? settings.getSystemId(),
    systemLocked: config.systemId !== null || enrolment.bound,
    kiosk: config.kiosk,
    poll: { ...config.poll },
    panel: { screensaverAfterS, stillUsingAfterS, stillUsingAnswerS },
    language: {
      locale: config.panel.locale ?? null,
      languages: [...(config.panel.languages ?? [])],
      clock: config.panel.clock ?? 'locale',
      // Asked each time: a person may change the OS's languages while Roomdeck runs.
      system: [...(systemLanguages?.() ?? [])],
    },
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
