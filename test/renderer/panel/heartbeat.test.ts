import { describe, expect, it } from 'vitest';
import {
  NO_ROOM,
  PanelHeartbeat,
  type PanelState,
  startPageFrom,
  UNKNOWN,
} from '../../../renderer/src/lib/panel/heartbeat.ts';
import { FakeClock } from '../../support/fake-clock.ts';

const IN_USE: PanelState = {
  systemId: 'sys-boardroom',
  page: 'sources',
  roomOn: true,
  meetingUnderway: false,
};

function harness(answer: () => Promise<unknown> = async () => null) {
  const clock = new FakeClock();
  const sent: Array<{ state: PanelState; at: number }> = [];
  const heartbeat = new PanelHeartbeat({
    clock,
    everyMs: 5_000,
    send: (state) => {
      sent.push({ state, at: clock.now() });
      return answer();
    },
  });
  return { clock, sent, heartbeat, start: clock.now() };
}

describe('the panel’s heartbeat', () => {
  it('reports at once when started, then every few seconds', async () => {
    const h = harness();
    h.heartbeat.start();
    await h.clock.advance(15_000);
    expect(h.sent.map((s) => s.at - h.start)).toEqual([0, 5_000, 10_000, 15_000]);
    expect(h.sent[0]?.state).toEqual(UNKNOWN);
  });

  it('sends a change at once, and a repeat of the same state not before the next beat', async () => {
    const h = harness();
    h.heartbeat.start();
    await h.clock.advance(1_000);
    h.heartbeat.set(IN_USE);
    await h.clock.advance(0);
    h.heartbeat.set(IN_USE);
    h.heartbeat.set(IN_USE);
    await h.clock.advance(0);
    expect(h.sent.map((s) => [s.at - h.start, s.state.roomOn])).toEqual([
      [0, null],
      [1_000, true],
    ]);
    h.heartbeat.set({ ...IN_USE, page: 'lights' });
    await h.clock.advance(0);
    expect(h.sent.at(-1)?.state.page).toBe('lights');
  });

  it('keeps one report in flight at most and sends the latest state when it settles', async () => {
    let release: () => void = () => {};
    const h = harness(() => new Promise<void>((resolve) => (release = resolve)));
    h.heartbeat.start();
    h.heartbeat.set(IN_USE);
    h.heartbeat.set(NO_ROOM);
    await h.clock.advance(12_000);
    expect(h.sent).toHaveLength(1);
    release();
    await h.clock.advance(0);
    expect(h.sent).toHaveLength(2);
    expect(h.sent[1]?.state).toEqual(NO_ROOM);
  });

  it('tries again after a failed report (the bridge was not there)', async () => {
    let fail = true;
    const h = harness(async () => {
      if (fail) throw new Error('unreachable');
      return null;
    });
    h.heartbeat.start();
    h.heartbeat.set(IN_USE);
    await h.clock.advance(0);
    fail = false;
    h.heartbeat.set(IN_USE);
    await h.clock.advance(0);
    expect(h.sent.filter((s) => s.state.roomOn === true)).toHaveLength(2);
  });

  it('leaves no timer behind once stopped', async () => {
    const h = harness();
    h.heartbeat.start();
    h.heartbeat.stop();
    expect(h.clock.pending()).toEqual([]);
    h.heartbeat.set(IN_USE);
    await h.clock.advance(60_000);
    expect(h.sent).toHaveLength(1);
  });
});

describe('the page a recovered window starts on', () => {
  it('comes from the URL fragment the main process set', () => {
    expect(startPageFrom('#page=lights')).toBe('lights');
    expect(startPageFrom('#page=lights%20%26%20blinds')).toBe('lights & blinds');
    expect(startPageFrom('')).toBeNull();
    expect(startPageFrom('#other=1')).toBeNull();
    expect(startPageFrom('#page=%E0%A4%A')).toBeNull();
  });
});

describe('the panel’s activity in its reports', () => {
  it('reads the activity afresh for every report, and reports at once when asked', async () => {
    const h = harness();
    let touchedAt = h.start - 60_000;
    let pressInFlight = false;
    h.heartbeat.useActivity(() => ({ lastInteractionAt: touchedAt, nextMeetingAt: null, pressInFlight }));
    h.heartbeat.start();
    h.heartbeat.set(IN_USE);
    await h.clock.advance(1_000);
    touchedAt = h.clock.now();
    pressInFlight = true;
    h.heartbeat.refresh();
    await h.clock.advance(0);
    const last = h.sent.at(-1);
    expect(last?.at).toBe(h.start + 1_000);
    expect(last?.state).toEqual({
      ...IN_USE,
      lastInteractionAt: h.start + 1_000,
      nextMeetingAt: null,
      pressInFlight: true,
    });
  });

  it('leaves the fields out once the panel stops telling them', async () => {
    const h = harness();
    h.heartbeat.useActivity(() => ({ pressInFlight: false }));
    h.heartbeat.start();
    await h.clock.advance(0);
    expect(h.sent.at(-1)?.state).toEqual({ ...UNKNOWN, pressInFlight: false });
    h.heartbeat.useActivity(null);
    await h.clock.advance(5_000);
    expect(h.sent.at(-1)?.state).toEqual(UNKNOWN);
  });
});
