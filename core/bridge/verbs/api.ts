import type { AppConfig } from '../../../contract/types.ts';
import type { RoomdeckApi } from '../../../contract/verbs.ts';
import type { Clock } from '../../api/clock.ts';
import type { ResolvedConfig } from '../../config/schema.ts';
import type { DiagnosticsContext } from '../../diagnostics/collect.ts';
import type { RoundTripHistogram } from '../../diagnostics/histogram.ts';
import type { PanelEnrolment } from '../../enrolment/enrolment.ts';
import type { PanelReports } from '../../kiosk/panel-reports.ts';
import type { Log } from '../../log/log.ts';
import type { TechnicianGate } from '../../technician/gate.ts';
import type { Principal } from '../principal.ts';
import { configVerbs } from './config.ts';
import { diagnosticsVerbs } from './diagnostics.ts';
import { enrolmentVerbs } from './enrolment.ts';
import { type LiveSource, liveVerbs, NO_LIVE } from './live.ts';
import { modulesVerbs } from './modules.ts';
import { panelVerbs } from './panel.ts';
import { sessionVerbs } from './session.ts';
import { openRoom, systemsVerbs } from './systems.ts';
import type { FirstLanguage } from '../../page/first-language.ts';
import type { OpeningAhead } from '../../page/opening-ahead.ts';
import { technicianVerbs } from './technician.ts';

/** What both routes' verbs share: the panel's configuration, binding and reports, the PIN gate. */
export interface SharedServices {
  config: ResolvedConfig;
  clock: Clock;
  ready: Promise<void>;
  technician: TechnicianGate;
  panelReports: PanelReports;
  /** The panel's own binding (its room, its account): settings go through it. */
  enrolment: PanelEnrolment;
  /** The configuration as the renderer sees it (verbs/config.ts). */
  appConfig: () => AppConfig;
  log: Log;
  pollRoundTrips: RoundTripHistogram;
  diagnostics: DiagnosticsContext | undefined;
  /** Told of each room opened for a page, to name the next page's catalogue before it asks. */
  firstLanguage?: FirstLanguage;
}

/** Every domain's verbs (verbs/<domain>.ts, as contract/<domain>.ts declares them) acting as `who`. */
export function buildApi(
  who: Principal,
  shared: SharedServices,
  /** The principal's live channel (none: the pages poll). */
  live: LiveSource = NO_LIVE,
  /** The panel's room opened as its page is served (the panel's principal only: its account's answers). */
  ahead?: OpeningAhead,
): RoomdeckApi {
  const { session, client, link, capabilities, usesPasswordGrant } = who;
  const { config, clock, ready, technician, panelReports, enrolment, appConfig, log, pollRoundTrips } =
    shared;
  return {
    session: sessionVerbs({
      ready,
      session,
      link,
      capabilities,
      usesPasswordGrant,
      appConfig,
      openRoom: async (id) => {
        const open = (systemId: string) => openRoom(client, systemId);
        const room = await (ahead === undefined ? open(id) : ahead.open(id, open));
        shared.firstLanguage?.opened(id, room.detail.system.settings);
        return room;
      },
    }),
    config: configVerbs({ ready, config, enrolment, appConfig }),
    systems: systemsVerbs({
      ready,
      client,
      capabilities,
      clock,
      log,
      pollRoundTrips,
      live: () => live.current(),
      link,
    }),
    modules: modulesVerbs({ ready, client, capabilities }),
    technician: technicianVerbs({ ready, technician }),
    panel: panelVerbs({ panelReports }),
    enrolment: enrolmentVerbs({ ready, enrolment, session }),
    diagnostics: diagnosticsVerbs({
      ready,
      config,
      clock,
      log,
      session,
      enrolment,
      link,
      pollRoundTrips,
      context: shared.diagnostics,
    }),
    live: liveVerbs({ ready, live }),
  };
}
