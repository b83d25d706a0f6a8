import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../../contract/error-codes.ts';
import type { LiveEvent } from '../../../contract/types.ts';
import { RoomdeckError } from '../../../core/api/errors.ts';
import { createMemoryLog } from '../../../core/log/log.ts';
import { hashPin } from '../../../core/technician/pin.ts';
import { type RunningSimulator, startSimulator } from '../../../simulator/server.ts';
import { loginAndGetCallback } from '../../support/browser.ts';
import { fakeLiveFeedsFactory } from '../../support/fake-live-feeds.ts';
import { ciAccount, type ServicesOverrides, servicesFor } from '../../support/services.ts';

/**
 * The live channel wired into the main process, against the simulator over real HTTP
 * with a LiveFeeds the test holds: one feeds per signed-in session, made at sign-in and closed at
 * sign-out; the live verbs answered from it; exec over the socket while it is open and over HTTP
 * otherwise, with the same errors and log; the socket's health in the panel's link words.
 */
const ROOM = 'sys-huddle-3-2';
const PIN = '482913';
let sim: RunningSimulator;
let technicianPin: string;

beforeAll(async () => {
  sim = await startSimulator({});
  technicianPin = await hashPin(PIN, { N: 1024, r: 8, p: 1 });
});
afterAll(async () => {
  await sim.close();
});

function live(over: ServicesOverrides = {}, liveSetting: 'on' | 'off' = 'on') {
  const factory = fakeLiveFeedsFactory();
  const log = createMemoryLog();
  const { services } = servicesFor(sim.url, {
    liveFeeds: factory,
    log,
    ...over,
    config: { ...ciAccount, service: { live: liveSetting }, ...over.config },
  });
  const events: LiveEvent[] = [];
  services.live.subscribe((event) => events.push(event));
  return { services, factory, events, log };
}

describe('the live channel in the main process', () => {
  it('makes no feeds while signed out; one at sign-in, on the route of the generation the service speaks (auto: the simulator speaks the current one), closed at sign-out', async () => {
    const { services, factory, events } = live();
    try {
      await services.ready;
      expect(factory.made).toHaveLength(0);
      expect(await services.api.live.status({})).toEqual({ mode: 'polling' });

      await services.api.session.signIn({});
      await vi.waitFor(() => expect(factory.made).toHaveLength(1));
      const feeds = factory.latest();
      expect(feeds.seed).toMatchObject({ serviceUrl: sim.url, socketPath: '/api/engine/v2/systems/control' });
      // The token source is the session itself: the socket authenticates as the panel does.
      expect(feeds.seed.tokens).toBe(services.session);

      feeds.mode = { mode: 'push' };
      const watch = { watcher: 'page-0123456789', id: ROOM, targets: [{ module: 'Display', index: 1 }] };
      expect(await services.api.live.watch(watch)).toEqual({ mode: 'push' });
      expect(feeds.watched.get(watch.watcher)).toEqual({ systemId: ROOM, targets: watch.targets });
      expect(await services.api.live.status({})).toEqual({ mode: 'push' });
      // The page says its room is in use, then that it is idle again: the feeds hear both.
      await services.api.live.watch({ ...watch, active: true });
      expect(feeds.active.has(watch.watcher)).toBe(true);
      await services.api.live.watch(watch);
      expect(feeds.active.has(watch.watcher)).toBe(false);

      const pushed: LiveEvent = {
        type: 'state',
        id: ROOM,
        module: 'Display',
        index: 1,
        state: { power: true },
      };
      feeds.emit(pushed);
      expect(events).toEqual([pushed]);

      services.live.forget(watch.watcher);
      expect(feeds.forgotten).toEqual([watch.watcher]);

      await services.api.session.signOut({});
      await vi.waitFor(() => expect(feeds.closed).toBe(true));
      expect(events.at(-1)).toEqual({ type: 'mode', mode: 'polling' });
      expect(await services.api.live.status({})).toEqual({ mode: 'polling' });
      // The old feeds' events no longer reach anyone.
      expect(feeds.listeners).toBe(0);
    } finally {
      services.dispose();
    }
  });

  it('reads a module’s whole state over HTTP for the feeds, values as the panel reads them', async () => {
    const { services, factory } = live();
    try {
      await services.api.session.signIn({});
      await vi.waitFor(() => expect(factory.made).toHaveLength(1));
      factory.latest().execOverSocket = undefined;
      await services.api.systems.exec({
        id: ROOM,
        module: 'Display',
        index: 1,
        method: 'power',
        args: [true],
      });
      const state = await factory.latest().seed.readState(ROOM, { module: 'Display', index: 1 });
      expect(state).toEqual(await services.api.systems.state({ id: ROOM, module: 'Display', index: 1 }));
      expect(typeof state.power).toBe('boolean');
    } finally {
      services.dispose();
    }
  });

  it('with service.live off makes no feeds at all: polling, and exec over HTTP', async () => {
    const { services, factory } = live({}, 'off');
    try {
      await services.api.session.signIn({});
      await services.api.systems.list({ limit: 1 });
      expect(factory.made).toHaveLength(0);
      expect(await services.api.live.watch({ watcher: 'page-0123456789', id: ROOM, targets: [] })).toEqual({
        mode: 'polling',
      });
      await expect(
        services.api.live.debug({ watcher: 'page-0123456789', id: ROOM, module: 'Display', index: 1 }),
      ).rejects.toMatchObject({ code: 'ROOMDECK_OFFLINE' });
      await services.api.systems.exec({
        id: ROOM,
        module: 'Display',
        index: 1,
        method: 'power',
        args: [false],
      });
      expect((await services.api.systems.state({ id: ROOM, module: 'Display', index: 1 })).power).toBe(false);
    } finally {
      services.dispose();
    }
  });

  it('runs exec over the socket while it is open, over HTTP when it is not, never both', async () => {
    const { services, factory } = live();
    try {
      await services.api.session.signIn({});
      await vi.waitFor(() => expect(factory.made).toHaveLength(1));
      const feeds = factory.latest();
      feeds.execOverSocket = undefined;
      await services.api.systems.exec({
        id: ROOM,
        module: 'Display',
        index: 1,
        method: 'power',
        args: [false],
      });
      // Over the socket: the fake answers and touches no device, so the room is unchanged.
      feeds.execOverSocket = async () => 'from the socket';
      const overSocket = await services.api.systems.exec({
        id: ROOM,
        module: 'Display',
        index: 1,
        method: 'power',
        args: [true],
      });
      expect(overSocket).toEqual({ result: 'from the socket' });
      expect(feeds.execs).toEqual([
        { systemId: ROOM, call: { module: 'Display', index: 1, method: 'power', args: [true] } },
      ]);
      expect((await services.api.systems.state({ id: ROOM, module: 'Display', index: 1 })).power).toBe(false);

      // No socket: HTTP, and the device really changes.
      feeds.execOverSocket = undefined;
      await services.api.systems.exec({
        id: ROOM,
        module: 'Display',
        index: 1,
        method: 'power',
        args: [true],
      });
      expect((await services.api.systems.state({ id: ROOM, module: 'Display', index: 1 })).power).toBe(true);
      expect(feeds.execs).toHaveLength(1);
    } finally {
      services.dispose();
    }
  });

  it('fails an exec over the socket with the feeds’ error, logged as the HTTP one is', async () => {
    const { services, factory, log } = live();
    try {
      await services.api.session.signIn({});
      await vi.waitFor(() => expect(factory.made).toHaveLength(1));
      factory.latest().execOverSocket = async () => {
        throw new RoomdeckError(ErrorCode.ROOMDECK_DRIVER_ERROR, {
          serviceMessage: 'Display 1 did not answer',
        });
      };
      const call = { id: ROOM, module: 'Display', index: 1, method: 'power', args: ['1234'] };
      await expect(services.api.systems.exec(call)).rejects.toMatchObject({
        code: 'ROOMDECK_DRIVER_ERROR',
        message: 'The device said: Display 1 did not answer.',
      });
      // Over HTTP an unknown method fails the same way: logged with the command, never its arguments.
      factory.latest().execOverSocket = undefined;
      await expect(services.api.systems.exec({ ...call, method: 'no_such_method' })).rejects.toMatchObject({
        code: expect.stringMatching(/^ROOMDECK_/),
      });
      const failures = log
        .recent()
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => JSON.stringify(entry).includes('exec failed'));
      expect(failures).toHaveLength(2);
      expect(failures[0]).toMatchObject({
        over: 'socket',
        method: 'power',
        message: expect.stringContaining('Display 1 did not answer'),
      });
      expect(failures[1]).toMatchObject({ over: 'http', method: 'no_such_method' });
      expect(JSON.stringify(failures)).not.toContain('1234');
    } finally {
      services.dispose();
    }
  });

  it('takes a pong as the service answering; a failed socket alone does not say the service is gone', async () => {
    const { services, factory } = live();
    try {
      await services.api.session.signIn({});
      await vi.waitFor(() => expect(factory.made).toHaveLength(1));
      const { onHealth } = factory.latest().seed;
      // A proxy that refuses websockets while HTTP works: polling carries on, the words stay calm.
      onHealth({ kind: 'failed', error: new RoomdeckError(ErrorCode.ROOMDECK_TIMEOUT) });
      expect((await services.api.session.link({})).state).toBe('live');
      onHealth({ kind: 'answered', roundTripMs: 12 });
      expect((await services.api.session.link({})).state).toBe('live');
      // A socket exec that fails on the link says so too.
      factory.latest().execOverSocket = async () => {
        throw new RoomdeckError(ErrorCode.ROOMDECK_OFFLINE);
      };
      await expect(
        services.api.systems.exec({ id: ROOM, module: 'Display', index: 1, method: 'power', args: [true] }),
      ).rejects.toMatchObject({ code: 'ROOMDECK_OFFLINE' });
      expect((await services.api.session.link({})).state).toBe('unreachable');
    } finally {
      services.dispose();
    }
  });

  it('gives a kiosk technician feeds of their own, whose events flow only while the PIN gate is open', async () => {
    const { services, factory } = live({
      config: {
        serviceAccount: { username: 'panel@demo.local', password: 'demo', authority: 'demo' },
        kiosk: true,
        technicianPin,
      },
    });
    const technicianEvents: LiveEvent[] = [];
    services.technicianLive.subscribe((event) => technicianEvents.push(event));
    try {
      await services.api.session.signIn({});
      await vi.waitFor(() => expect(factory.made).toHaveLength(1));
      const panelFeeds = factory.latest();

      expect((await services.api.technician.unlock({ pin: PIN })).outcome).toBe('opened');
      const start = await services.api.technician.signIn({});
      await services.completeSignIn(
        await loginAndGetCallback(start.navigateTo ?? '', { username: 'tech@demo.local', password: 'demo' }),
      );
      await vi.waitFor(() => expect(factory.made).toHaveLength(2));
      const technicianFeeds = factory.latest();
      expect(technicianFeeds).not.toBe(panelFeeds);
      expect(technicianFeeds.seed.tokens).not.toBe(services.session);

      await services.technicianApi.live.debug({
        watcher: 'tools-0123456789',
        id: ROOM,
        module: 'Display',
        index: 1,
      });
      expect(technicianFeeds.debugged).toHaveLength(1);
      expect(panelFeeds.debugged).toHaveLength(0);
      const line: LiveEvent = {
        type: 'debug',
        id: ROOM,
        module: 'Display',
        index: 1,
        level: 'info',
        message: 'power on',
        at: 1,
      };
      technicianFeeds.emit(line);
      expect(technicianEvents).toEqual([line]);

      // Closed: the technician is signed out, their feeds closed, nothing more reaches a page.
      await services.api.technician.close({});
      await vi.waitFor(() => expect(technicianFeeds.closed).toBe(true));
      technicianFeeds.emit(line);
      expect(technicianEvents.filter((e) => e.type === 'debug')).toHaveLength(1);
      expect(panelFeeds.closed).toBe(false);
    } finally {
      services.dispose();
    }
  });
});
