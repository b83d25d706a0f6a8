import type { Static } from '@sinclair/typebox';
import type { PanelReport as PanelReportSchema } from '../../contract/panel.ts';
import type { PanelActivity } from '../update/install-window.ts';

export type PanelReport = Static<typeof PanelReportSchema>;

/**
 * The panel's reports as the main process keeps them: only the latest (recovery returns to it)
 * and the listeners that act on each one (display awake, watchdog). Bounded by design.
 */
export class PanelReports {
  #latest: PanelReport | null = null;
  readonly #listeners = new Set<(report: PanelReport) => void>();

  get latest(): PanelReport | null {
    return this.#latest;
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }

  record(report: PanelReport): void {
    this.#latest = { ...report };
    for (const listener of [...this.#listeners]) listener(this.#latest);
  }

  /** Returns the function that removes the listener again. */
  onReport(listener: (report: PanelReport) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/**
 * What the update controller needs to know about the panel, from its latest report. What is not
 * known counts as busy: no report (or no touch time) = touched just now, an unknown room state =
 * on, an unknown meeting = under way or about to start, an unknown press = in flight. Only a report
 * that says so clears a blocker (a panel too old to report these never restarts under anyone).
 */
export function panelActivity(reports: Pick<PanelReports, 'latest'>, now: number): PanelActivity {
  const report = reports.latest;
  return {
    now,
    roomOn: report?.roomOn ?? true,
    inMeeting: report?.meetingUnderway ?? true,
    nextMeetingAt: report?.nextMeetingAt === undefined ? now : report.nextMeetingAt,
    lastInteractionAt: report?.lastInteractionAt ?? now,
    pressInFlight: report?.pressInFlight ?? true,
  };
}
