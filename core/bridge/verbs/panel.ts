import type { RoomdeckApi } from '../../../contract/verbs.ts';
import type { PanelReports } from '../../kiosk/panel-reports.ts';

export interface PanelVerbsDeps {
  /** Where the panel says it is (room, page, in use): the kiosk's watchdog and display-awake read it. */
  panelReports: PanelReports;
}

export function panelVerbs({ panelReports }: PanelVerbsDeps): RoomdeckApi['panel'] {
  return {
    // Needs no session, so it does not wait for the vault: a signed-out panel still sends its
    // heartbeat (the watchdog listens).
    report: async (report) => {
      panelReports.record(report);
      return null;
    },
  };
}
