import { describe, expect, it } from 'vitest';
import { PanelReports } from '../../../core/kiosk/panel-reports.ts';
import { appUrlFor, startKioskRuntime } from '../../../electron/kiosk/runtime.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { FakeApp, FakeEvent, FakePowerSaveBlocker, FakeWindow } from './fake-window.ts';

const APP_URL = 'app://roomdeck/index.html';

/** The main process's window bookkeeping as main.ts does it: one current window, adopted on creation. */
function harness(config: { kiosk: boolean; hideCursor?: boolean; supportContact?: string }) {
  const clock = new FakeClock();
  const app = new FakeApp();
  const blocker = new FakePowerSaveBlocker();
  const reports = new PanelReports();
  const signals = new FakeApp();
  const windows: FakeWindow[] = [];
  let current: FakeWindow | null = null;
  const runtime = startKioskRuntime({
    app,
    powerSaveBlocker: blocker,
    reports,
    config,
    clock,
    appUrl: APP_URL,
    current: () => current,
    open: (url) => {
      const win = new FakeWindow(url);
      windows.push(win);
      current = win;
      runtime.adopt(win);
      return win;
    },
    signals: { on: (signal, listener) => signals.on(signal, listener) },
    policy: { firstDelayMs: 1_000, heartbeatTimeoutMs: 20_000, loadGraceMs: 10_000 },
  });
  const first = new FakeWindow(APP_URL);
  windows.push(first);
  current = first;
  runtime.adopt(first);
  const report = (page: string | null, roomOn = true, meetingUnderway = false) =>
    reports.record({ systemId: 'sys-boardroom', page, roomOn, meetingUnderway });
  return { clock, app, blocker, reports, signals, windows, runtime, report, current: () => current };
}

describe('the app URL a recovered window loads', () => {
  it('carries the page in its fragment, and nothing when there is none', () => {
    expect(appUrlFor(APP_URL, { systemId: 'sys-1', page: 'lights & blinds' })).toBe(
      `${APP_URL}#page=lights%20%26%20blinds`,
    );
    expect(appUrlFor(`${APP_URL}#page=old`, { systemId: 'sys-1', page: null })).toBe(APP_URL);
    expect(appUrlFor(APP_URL, null)).toBe(APP_URL);
  });
});

describe('the kiosk runtime', () => {
  it('locks every window it adopts on a kiosk, and none elsewhere', () => {
    const kiosk = harness({ kiosk: true });
    expect(kiosk.windows[0]?.tryClose()).toBe(true);
    const laptop = harness({ kiosk: false });
    expect(laptop.windows[0]?.tryClose()).toBe(false);
    expect(laptop.windows[0]?.webContents.press({ key: 'r', control: true })).toBe(false);
  });

  it('keeps the display awake from the panel’s reports on a kiosk only', () => {
    const kiosk = harness({ kiosk: true });
    kiosk.report('sources', true);
    expect(kiosk.blocker.active.size).toBe(1);
    kiosk.report(null, false, false);
    expect(kiosk.blocker.active.size).toBe(0);
    const laptop = harness({ kiosk: false });
    laptop.report('sources', true);
    expect(laptop.blocker.starts).toBe(0);
  });

  it('reloads a crashed page into the room and page last reported', async () => {
    const h = harness({ kiosk: true });
    h.report('lights');
    h.windows[0]?.webContents.emit('render-process-gone', new FakeEvent(), {
      reason: 'crashed',
      exitCode: 1,
    });
    await h.clock.advance(1_000);
    expect(h.windows).toHaveLength(1);
    expect(h.windows[0]?.webContents.loaded.at(-1)).toBe(`${APP_URL}#page=lights`);
  });

  it('keeps the page to return to while a reloaded page still loads its room (an unknown report)', async () => {
    const h = harness({ kiosk: true });
    h.report('lights');
    h.reports.record({ systemId: null, page: null, roomOn: null, meetingUnderway: null });
    h.windows[0]?.webContents.emit('render-process-gone', new FakeEvent(), {
      reason: 'crashed',
      exitCode: 1,
    });
    await h.clock.advance(1_000);
    expect(h.windows[0]?.webContents.loaded.at(-1)).toBe(`${APP_URL}#page=lights`);
    // Still alive, though: the unknown report fed the watchdog.
    expect(h.runtime.supervisor.state).toBe('recovering');
  });

  it('replaces the window on a second failure: the new one first, then the old one goes', async () => {
    const h = harness({ kiosk: true });
    h.report('lights');
    const first = h.windows[0];
    first?.webContents.emit('render-process-gone', new FakeEvent(), { reason: 'crashed', exitCode: 1 });
    await h.clock.advance(1_000);
    h.report('lights');
    first?.webContents.emit('render-process-gone', new FakeEvent(), { reason: 'oom', exitCode: 1 });
    await h.clock.advance(2_000);
    expect(h.windows).toHaveLength(2);
    const second = h.windows[1];
    expect(second?.url).toBe(`${APP_URL}#page=lights`);
    expect(first?.isDestroyed()).toBe(true);
    expect(h.current()).toBe(second);
    // The new window is locked like the first.
    expect(second?.tryClose()).toBe(true);
    // What the destroyed window still emits is not a failure of the panel.
    first?.webContents.emit('render-process-gone', new FakeEvent(), { reason: 'killed', exitCode: 0 });
    expect(h.runtime.supervisor.recentFailures).toHaveLength(2);
  });

  it('recovers a page that hung (unresponsive, no heartbeat) and one whose GPU process died', async () => {
    const h = harness({ kiosk: true });
    h.report('sources');
    h.windows[0]?.webContents.emit('unresponsive');
    await h.clock.advance(h.runtime.supervisor.policy.unresponsiveMs + 1_000);
    expect(h.runtime.supervisor.recentFailures.map((f) => f.kind)).toEqual(['unresponsive']);
    h.report('sources');
    h.app.emit('child-process-gone', new FakeEvent(), { type: 'GPU', reason: 'crashed' });
    await h.clock.advance(2_000);
    expect(h.runtime.supervisor.recentFailures.map((f) => f.kind)).toEqual([
      'unresponsive',
      'gpu-process-gone',
    ]);
  });

  it('shows the error screen with the support contact in a fresh window after repeated failures', async () => {
    const h = harness({ kiosk: true, supportContact: 'AV desk, ext. 4357' });
    h.report('sources');
    for (let i = 0; i < h.runtime.supervisor.policy.maxFailures; i++) {
      h.current()?.webContents.emit('render-process-gone', new FakeEvent(), {
        reason: 'crashed',
        exitCode: 1,
      });
      await h.clock.advance(20_000);
    }
    expect(h.runtime.supervisor.state).toBe('error');
    const shown = h.current()?.url ?? '';
    expect(shown.startsWith('data:text/html')).toBe(true);
    expect(decodeURIComponent(shown)).toContain('If it keeps happening, contact AV desk, ext. 4357.');
    expect(h.windows.filter((w) => !w.isDestroyed())).toHaveLength(1);
  });

  it('refuses a quit on a kiosk but quits on the service manager’s SIGTERM', () => {
    const h = harness({ kiosk: true });
    h.app.quit();
    expect(h.app.quits).toBe(0);
    h.signals.emit('SIGTERM');
    expect(h.runtime.gate.authorized).toBe(true);
    expect(h.app.quits).toBe(1);
    expect(h.windows[0]?.tryClose()).toBe(false);
  });

  it('recovers nothing once a quit goes ahead (closing windows is not a crash)', async () => {
    const laptop = harness({ kiosk: false });
    laptop.report('sources');
    laptop.app.quit();
    laptop.windows[0]?.webContents.emit('render-process-gone', new FakeEvent(), {
      reason: 'clean-exit',
      exitCode: 0,
    });
    await laptop.clock.advance(120_000);
    expect(laptop.windows).toHaveLength(1);
    expect(laptop.windows[0]?.webContents.loaded).toEqual([APP_URL]);
    expect(laptop.clock.pending()).toEqual([]);

    const kiosk = harness({ kiosk: true });
    kiosk.report('sources');
    kiosk.app.quit(); // refused: the kiosk still recovers
    kiosk.windows[0]?.webContents.emit('render-process-gone', new FakeEvent(), {
      reason: 'crashed',
      exitCode: 1,
    });
    await kiosk.clock.advance(1_000);
    expect(kiosk.windows[0]?.webContents.loaded.at(-1)).toBe(`${APP_URL}#page=sources`);
  });

  it('opens a window again when a refused quit finds none', () => {
    const h = harness({ kiosk: true });
    h.report('lights');
    h.windows[0]?.destroy();
    h.app.quit();
    expect(h.windows).toHaveLength(2);
    expect(h.current()?.url).toBe(`${APP_URL}#page=lights`);
  });

  it('leaves nothing running once disposed', async () => {
    const h = harness({ kiosk: true });
    h.report('sources');
    h.runtime.dispose();
    expect(h.reports.listenerCount).toBe(0);
    expect(h.blocker.active.size).toBe(0);
    expect(h.clock.pending()).toEqual([]);
  });
});
