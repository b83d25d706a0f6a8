import { describe, expect, it } from 'vitest';
import { errorScreen, errorScreenHtml, errorScreenUrl } from '../../../core/kiosk/error-screen.ts';
import type { ErrorScreen } from '../../../core/kiosk/error-screen.ts';
import {
  DEFAULT_RECOVERY_POLICY,
  type PanelLocation,
  type RecoveryPolicy,
  RecoverySupervisor,
  recoveryDelayMs,
} from '../../../core/kiosk/recovery.ts';
import { FakeClock } from '../../support/fake-clock.ts';

const POLICY: RecoveryPolicy = {
  unresponsiveMs: 10_000,
  heartbeatTimeoutMs: 20_000,
  loadGraceMs: 10_000,
  firstDelayMs: 1_000,
  maxDelayMs: 8_000,
  maxFailures: 4,
  failureWindowMs: 10 * 60_000,
  errorRetryMs: 5 * 60_000,
};
const ROOM: PanelLocation = { systemId: 'sys-boardroom', page: 'lights' };

function supervised(policy: Partial<RecoveryPolicy> = {}) {
  const clock = new FakeClock();
  const actions: Array<{ what: string; at: number; location: PanelLocation | null }> = [];
  const screens: ErrorScreen[] = [];
  const supervisor = new RecoverySupervisor({
    clock,
    policy: { ...POLICY, ...policy },
    supportContact: 'AV support, ext. 4357',
    target: {
      reload: (location) => actions.push({ what: 'reload', at: clock.now(), location }),
      recreate: (location) => actions.push({ what: 'recreate', at: clock.now(), location }),
      showError: (screen) => {
        screens.push(screen);
        actions.push({ what: 'error', at: clock.now(), location: null });
      },
    },
  });
  return { clock, supervisor, actions, screens, start: clock.now() };
}

describe('back-off between recoveries', () => {
  it('doubles from the first delay and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => recoveryDelayMs(n, POLICY))).toEqual([
      1_000, 2_000, 4_000, 8_000, 8_000, 8_000,
    ]);
    expect(recoveryDelayMs(200, DEFAULT_RECOVERY_POLICY)).toBe(DEFAULT_RECOVERY_POLICY.maxDelayMs);
  });
});

describe('a renderer that crashes', () => {
  it('is reloaded into the same room and page after the first delay', async () => {
    const { clock, supervisor, actions } = supervised();
    supervisor.heartbeat(ROOM);
    supervisor.rendererGone('crashed');
    expect(supervisor.state).toBe('waiting');
    await clock.advance(999);
    expect(actions).toEqual([]);
    await clock.advance(1);
    expect(actions.map((a) => a.what)).toEqual(['reload']);
    expect(actions[0]?.location).toEqual(ROOM);
    supervisor.heartbeat(ROOM);
    expect(supervisor.state).toBe('running');
  });

  it('is given a fresh window when it fails again, each time after a longer wait', async () => {
    const { clock, supervisor, actions, start } = supervised();
    supervisor.heartbeat(ROOM);
    for (let i = 0; i < 3; i++) {
      supervisor.rendererGone('crashed');
      await clock.advance(9_000);
      supervisor.heartbeat(ROOM);
    }
    expect(actions.map((a) => a.what)).toEqual(['reload', 'recreate', 'recreate']);
    const waits = actions.map((a, i) => a.at - (start + i * 9_000));
    expect(waits).toEqual([1_000, 2_000, 4_000]);
  });

  it('counts a crash the renderer reports twice (gone, then silent) once', async () => {
    const { clock, supervisor, actions } = supervised();
    supervisor.heartbeat(ROOM);
    supervisor.rendererGone('crashed');
    supervisor.rendererGone('killed');
    supervisor.unresponsive();
    await clock.advance(60_000);
    expect(supervisor.recentFailures).toHaveLength(2);
    // The second failure is the recovered page never sending a heartbeat (the watchdog).
    expect(supervisor.recentFailures.map((f) => f.kind)).toEqual(['render-process-gone', 'heartbeat-lost']);
    expect(actions.map((a) => a.what)).toEqual(['reload', 'recreate']);
  });
});

describe('a renderer that hangs', () => {
  it('is recovered after it stayed unresponsive for the configured time', async () => {
    const { clock, supervisor, actions } = supervised();
    supervisor.unresponsive();
    await clock.advance(9_999);
    expect(supervisor.recentFailures).toHaveLength(0);
    await clock.advance(1 + 1_000);
    expect(supervisor.recentFailures.map((f) => f.kind)).toEqual(['unresponsive']);
    expect(actions.map((a) => a.what)).toEqual(['reload']);
  });

  it('is left alone when it answers again in time', async () => {
    const { clock, supervisor, actions } = supervised();
    supervisor.unresponsive();
    await clock.advance(5_000);
    supervisor.responsive();
    await clock.advance(60_000);
    expect(actions).toEqual([]);
    expect(supervisor.pendingTimers).toBe(0);
  });
});

describe('the GPU process', () => {
  it('going away reloads the page; other helper processes and clean exits do not', async () => {
    const { clock, supervisor, actions } = supervised();
    supervisor.childProcessGone({ type: 'Utility', reason: 'crashed' });
    supervisor.childProcessGone({ type: 'GPU', reason: 'clean-exit' });
    await clock.advance(5_000);
    expect(actions).toEqual([]);
    supervisor.childProcessGone({ type: 'GPU', reason: 'crashed' });
    await clock.advance(1_000);
    expect(actions.map((a) => a.what)).toEqual(['reload']);
  });
});

describe('the watchdog', () => {
  it('recovers a page whose heartbeat stopped for the timeout', async () => {
    const { clock, supervisor, actions } = supervised();
    supervisor.heartbeat(ROOM);
    for (let i = 0; i < 5; i++) {
      await clock.advance(5_000);
      supervisor.heartbeat(ROOM);
    }
    expect(actions).toEqual([]);
    await clock.advance(19_999);
    expect(supervisor.recentFailures).toHaveLength(0);
    await clock.advance(1);
    expect(supervisor.recentFailures.map((f) => f.kind)).toEqual(['heartbeat-lost']);
    await clock.advance(1_000);
    expect(actions.map((a) => a.what)).toEqual(['reload']);
  });

  it('does not run before the page ever sent a heartbeat (a page that does not report is not killed)', async () => {
    const { clock, supervisor, actions } = supervised();
    await clock.advance(3_600_000);
    expect(actions).toEqual([]);
    expect(supervisor.pendingTimers).toBe(0);
  });

  it('gives a recovered page the load grace before its first heartbeat is due', async () => {
    const { clock, supervisor, actions } = supervised();
    supervisor.heartbeat(ROOM);
    supervisor.rendererGone('crashed');
    await clock.advance(1_000);
    await clock.advance(29_000);
    expect(supervisor.recentFailures).toHaveLength(1);
    supervisor.heartbeat(ROOM);
    expect(supervisor.state).toBe('running');
    await clock.advance(19_000);
    expect(actions.map((a) => a.what)).toEqual(['reload']);
  });
});

describe('failures that keep coming', () => {
  it('show the error screen with the support contact, then try again from there by themselves', async () => {
    const { clock, supervisor, actions, screens } = supervised();
    supervisor.heartbeat(ROOM);
    for (let i = 0; i < 3; i++) {
      supervisor.rendererGone('crashed');
      await clock.advance(10_000);
    }
    expect(screens).toHaveLength(0);
    supervisor.rendererGone('oom');
    expect(supervisor.state).toBe('error');
    expect(actions.at(-1)?.what).toBe('error');
    const screen = screens[0];
    expect(screen?.contact).toBe('If it keeps happening, contact AV support, ext. 4357.');
    expect(screen?.retry).toContain('about 5 minutes');
    expect(screen?.detail).toContain('oom');
    // Failures while the error shows change nothing; the retry comes by itself.
    supervisor.rendererGone('crashed');
    await clock.advance(POLICY.errorRetryMs - 1);
    expect(actions.at(-1)?.what).toBe('error');
    await clock.advance(1);
    expect(actions.at(-1)).toMatchObject({ what: 'recreate', location: ROOM });
    supervisor.heartbeat(ROOM);
    expect(supervisor.state).toBe('running');
  });

  it('count only within the window: a crash a day never reaches the error screen', async () => {
    // Heartbeats hourly here only to keep the test short: the watchdog is not what is tested.
    const { clock, supervisor, screens, actions } = supervised({ heartbeatTimeoutMs: 2 * 3_600_000 });
    supervisor.heartbeat(ROOM);
    for (let day = 0; day < 10; day++) {
      supervisor.rendererGone('crashed');
      await clock.advance(2_000);
      supervisor.heartbeat(ROOM);
      for (let hour = 0; hour < 24; hour++) {
        await clock.advance(3_600_000);
        supervisor.heartbeat(ROOM);
      }
    }
    expect(screens).toHaveLength(0);
    // Every crash was the first in its window: a light reload each time.
    expect(actions.map((a) => a.what)).toEqual(Array(10).fill('reload'));
    expect(supervisor.recentFailures).toHaveLength(0);
  });

  it('stop when the supervisor is disposed (the app is quitting)', async () => {
    const { clock, supervisor, actions } = supervised();
    supervisor.heartbeat(ROOM);
    supervisor.rendererGone('crashed');
    supervisor.dispose();
    await clock.advance(60_000);
    expect(actions).toEqual([]);
    expect(supervisor.pendingTimers).toBe(0);
    expect(clock.pending()).toEqual([]);
  });
});

describe('the error screen', () => {
  const failures = [{ kind: 'render-process-gone' as const, detail: 'crashed', at: Date.UTC(2030, 0, 1, 9) }];

  it('says what happened, that it retries by itself, and whom to call', () => {
    const screen = errorScreen({ failures, retryInMs: 60_000, supportContact: 'Helpdesk 555-0100' });
    expect(screen.title).toBe('This panel is having trouble');
    expect(screen.message).toContain('restarted the panel 1 time ');
    expect(screen.retry).toBe('It tries again by itself in about a minute. There is nothing to press.');
    expect(screen.contact).toBe('If it keeps happening, contact Helpdesk 555-0100.');
    expect(screen.detail).toBe(
      'Last problem: the panel’s page stopped (crashed) at 2030-01-01T09:00:00.000Z.',
    );
  });

  it('names a general contact when none is configured', () => {
    expect(errorScreen({ failures, retryInMs: 60_000 }).contact).toBe(
      'If it keeps happening, contact your AV support team.',
    );
    expect(errorScreen({ failures, retryInMs: 60_000, supportContact: '  ' }).contact).toContain(
      'your AV support team',
    );
  });

  it('is a self-contained page that escapes the configured text and runs no script', () => {
    const screen = errorScreen({ failures, retryInMs: 60_000, supportContact: '<script>x()</script> & co' });
    const html = errorScreenHtml(screen);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;x()&#60;/script&#62; &#38; co');
    expect(html).toContain(`default-src 'none'`);
    expect(html).toContain('role="alert"');
    const url = errorScreenUrl(screen);
    expect(url.startsWith('data:text/html;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(url.slice('data:text/html;charset=utf-8,'.length))).toBe(html);
  });
});
