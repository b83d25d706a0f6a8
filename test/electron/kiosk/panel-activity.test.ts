import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { PanelReport as PanelReportSchema } from '../../../contract/panel.ts';
import { type PanelReport, PanelReports, panelActivity } from '../../../core/kiosk/panel-reports.ts';
import { installDecision } from '../../../core/update/install-window.ts';

const NOW = Date.UTC(2026, 10, 25, 22, 0);
const HOUR = 3_600_000;

const quiet: PanelReport = {
  systemId: 'sys-1',
  page: null,
  roomOn: false,
  meetingUnderway: false,
  lastInteractionAt: NOW - 2 * HOUR,
  nextMeetingAt: null,
  pressInFlight: false,
};

function reportsWith(report: PanelReport | null): PanelReports {
  const reports = new PanelReports();
  if (report !== null) reports.record(report);
  return reports;
}

describe('the panel activity the update controller sees', () => {
  it('passes on what the panel reported', () => {
    const activity = panelActivity(
      reportsWith({ ...quiet, roomOn: true, nextMeetingAt: NOW + HOUR, pressInFlight: true }),
      NOW,
    );
    expect(activity).toEqual({
      now: NOW,
      roomOn: true,
      inMeeting: false,
      nextMeetingAt: NOW + HOUR,
      lastInteractionAt: NOW - 2 * HOUR,
      pressInFlight: true,
    });
  });

  it('lets an update install in a room the panel reports off, idle, free and with nothing pending', () => {
    expect(installDecision(panelActivity(reportsWith(quiet), NOW))).toEqual({ install: true });
  });

  it('counts a panel that has not reported yet as busy', () => {
    const activity = panelActivity(reportsWith(null), NOW);
    expect(activity).toMatchObject({
      roomOn: true,
      inMeeting: true,
      lastInteractionAt: NOW,
      pressInFlight: true,
    });
    expect(installDecision(activity).install).toBe(false);
  });

  it('counts a room still loading as on and in a meeting', () => {
    const activity = panelActivity(reportsWith({ ...quiet, roomOn: null, meetingUnderway: null }), NOW);
    expect(activity).toMatchObject({ roomOn: true, inMeeting: true });
  });

  it('treats fields an older panel does not send as the busy side, one blocker each', () => {
    const { systemId, page, roomOn, meetingUnderway } = quiet;
    const base = { systemId, page, roomOn, meetingUnderway };
    const noTouch = panelActivity(reportsWith({ ...base, nextMeetingAt: null, pressInFlight: false }), NOW);
    expect(installDecision(noTouch)).toMatchObject({ install: false, reason: 'recently-used' });
    const noPress = panelActivity(
      reportsWith({ ...base, lastInteractionAt: NOW - 2 * HOUR, nextMeetingAt: null }),
      NOW,
    );
    expect(installDecision(noPress)).toMatchObject({ install: false, reason: 'press-in-flight' });
    const noCalendarWord = panelActivity(
      reportsWith({ ...base, lastInteractionAt: NOW - 2 * HOUR, pressInFlight: false }),
      NOW,
    );
    expect(installDecision(noCalendarWord)).toMatchObject({ install: false, reason: 'meeting-soon' });
  });

  it('follows the latest report', () => {
    const reports = reportsWith(quiet);
    reports.record({ ...quiet, lastInteractionAt: NOW - 60_000 });
    expect(installDecision(panelActivity(reports, NOW))).toMatchObject({
      install: false,
      reason: 'recently-used',
    });
  });
});

describe('the panel report on the bridge', () => {
  it('still takes a report without the activity fields, and refuses them of the wrong kind', () => {
    const { systemId, page, roomOn, meetingUnderway } = quiet;
    expect(Value.Check(PanelReportSchema, { systemId, page, roomOn, meetingUnderway })).toBe(true);
    expect(Value.Check(PanelReportSchema, quiet)).toBe(true);
    expect(Value.Check(PanelReportSchema, { ...quiet, pressInFlight: 'yes' })).toBe(false);
    expect(Value.Check(PanelReportSchema, { ...quiet, lastInteractionAt: -1 })).toBe(false);
  });
});
