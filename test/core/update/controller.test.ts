import { describe, expect, it } from 'vitest';
import { createMemoryLog } from '../../../core/log/log.ts';
import { UpdateController, UpdateRefusedError, type UpdateBackend } from '../../../core/update/controller.ts';
import type { PanelActivity } from '../../../core/update/install-window.ts';
import { FakeClock } from '../../support/fake-clock.ts';

const MIN = 60_000;

function fakeBackend(versions: (string | null | Error)[]) {
  const calls = { configure: [] as unknown[], checks: 0, installs: 0 };
  const backend: UpdateBackend = {
    configure: (feed) => calls.configure.push(feed),
    checkAndDownload: async () => {
      calls.checks += 1;
      const next = versions.shift() ?? null;
      if (next instanceof Error) throw next;
      return next;
    },
    install: async () => {
      calls.installs += 1;
    },
  };
  return { backend, calls };
}

describe('the update controller', () => {
  it('does nothing without a feed URL', async () => {
    const clock = new FakeClock();
    const { backend, calls } = fakeBackend(['2.0.0']);
    const c = new UpdateController({
      settings: { url: null, channel: 'stable', checkEveryMs: MIN },
      backend,
      clock,
      activity: () => ({}) as PanelActivity,
    });
    c.start();
    await clock.advance(10 * MIN);
    expect(calls.checks).toBe(0);
    expect(c.status()).toEqual({ state: 'disabled' });
  });

  it('downloads during a meeting but installs only once the room is off and untouched, with no meeting near', async () => {
    const clock = new FakeClock(Date.UTC(2030, 0, 1, 13, 0));
    const meetingEnds = clock.now() + 30 * MIN;
    let lastTouch = clock.now();
    const activity = (): PanelActivity => ({
      now: clock.now(),
      roomOn: clock.now() < meetingEnds,
      inMeeting: clock.now() < meetingEnds,
      nextMeetingAt: null,
      lastInteractionAt: lastTouch,
      pressInFlight: false,
    });
    const { backend, calls } = fakeBackend(['2.0.0']);
    const c = new UpdateController({
      settings: { url: 'https://updates.example.org/', channel: 'beta', checkEveryMs: 60 * MIN },
      backend,
      clock,
      activity,
    });
    c.start();
    await clock.advance(0);
    expect(calls.configure).toEqual([
      { url: 'https://updates.example.org/', channel: 'beta', allowPrerelease: true },
    ]);
    expect(c.status()).toMatchObject({ state: 'waiting-to-install', version: '2.0.0', reason: 'in-meeting' });
    await clock.advance(29 * MIN);
    expect(calls.installs).toBe(0);
    lastTouch = clock.now() + 1 * MIN; // someone ends the meeting at the panel
    await clock.advance(20 * MIN);
    expect(calls.installs).toBe(0);
    expect(c.status()).toMatchObject({ reason: 'recently-used' });
    await clock.advance(15 * MIN);
    expect(calls.installs).toBe(1);
    expect(c.status()).toEqual({ state: 'installing', version: '2.0.0' });
  });

  it('checks again later when the feed fails or has nothing new', async () => {
    const clock = new FakeClock();
    const { backend, calls } = fakeBackend([new Error('feed unreachable'), null, null]);
    const c = new UpdateController({
      settings: { url: 'https://u.example.org/', channel: 'stable', checkEveryMs: 30 * MIN },
      backend,
      clock,
      activity: () => ({}) as PanelActivity,
    });
    c.start();
    await clock.advance(0);
    expect(c.status()).toMatchObject({ state: 'idle', error: 'feed unreachable' });
    await clock.advance(30 * MIN);
    expect(c.status()).toMatchObject({ state: 'idle', error: null });
    await clock.advance(30 * MIN);
    expect(calls.checks).toBe(3);
    expect(calls.configure).toEqual([
      { url: 'https://u.example.org/', channel: 'latest', allowPrerelease: false },
    ]);
  });

  it('logs a refused update as an error and asks the feed again only at the usual interval', async () => {
    const clock = new FakeClock();
    const refusal = new UpdateRefusedError('2.0.0', 'Roomdeck-2.0.0.AppImage is not signed');
    const { backend, calls } = fakeBackend([refusal, refusal]);
    const log = createMemoryLog();
    const c = new UpdateController({
      settings: { url: 'https://u.example.org/', channel: 'stable', checkEveryMs: 60 * MIN },
      backend,
      clock,
      activity: () => ({}) as PanelActivity,
      log,
    });
    c.start();
    await clock.advance(0);
    expect(c.status()).toMatchObject({
      state: 'idle',
      error: 'update 2.0.0 refused: Roomdeck-2.0.0.AppImage is not signed',
    });
    await clock.advance(59 * MIN);
    expect(calls.checks).toBe(1);
    await clock.advance(1 * MIN);
    expect(calls.checks).toBe(2);
    expect(calls.installs).toBe(0);
    const refused = log.recent().map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(refused.filter((e) => e.event === 'update-refused')).toEqual([
      expect.objectContaining({
        level: 'error',
        version: '2.0.0',
        reason: 'Roomdeck-2.0.0.AppImage is not signed',
      }),
      expect.objectContaining({ level: 'error', version: '2.0.0' }),
    ]);
  });

  it('goes back to idle when the update no longer verifies at install time, and checks again later', async () => {
    const clock = new FakeClock();
    const { backend, calls } = fakeBackend(['2.0.0', null]);
    backend.install = async () => {
      calls.installs += 1;
      throw new UpdateRefusedError('2.0.0', 'Roomdeck-2.0.0.AppImage matches no file in the feed');
    };
    const log = createMemoryLog();
    const idle: PanelActivity = {
      now: 0,
      roomOn: false,
      inMeeting: false,
      nextMeetingAt: null,
      lastInteractionAt: 0,
      pressInFlight: false,
    };
    const c = new UpdateController({
      settings: { url: 'https://u.example.org/', channel: 'stable', checkEveryMs: 60 * MIN },
      backend,
      clock,
      activity: () => ({ ...idle, now: clock.now() }),
      log,
    });
    c.start();
    await clock.advance(0);
    expect(calls.installs).toBe(1);
    expect(c.status()).toMatchObject({ state: 'idle', error: expect.stringContaining('refused') });
    expect(log.recent().some((line) => line.includes('"event":"update-refused"'))).toBe(true);
    await clock.advance(59 * MIN);
    expect(calls.checks).toBe(1);
    await clock.advance(1 * MIN);
    expect(calls.checks).toBe(2);
    expect(c.status()).toMatchObject({ state: 'idle', error: null });
  });
});
