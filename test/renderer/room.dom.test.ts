import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Module } from '#contract';
import { systemClock } from '../../renderer/src/lib/time/clock.ts';
import { BridgeError } from '../../renderer/src/lib/bridge/bridge.ts';
import {
  Room,
  storageMemory,
  type Visibility,
  withoutComputers,
} from '../../renderer/src/lib/room/room.svelte.ts';
import { advancedPage } from '../../renderer/src/lib/plan/auto-plan.ts';
import { INNOVATION_LAB_PANEL, STATES } from './support/fixtures.ts';
import { detail, fakeApi, mod } from './support/room-api.ts';

const POLL = { fastMs: 250, fastForMs: 5_000, idleMs: 2_000 };

const hidden = (): Visibility & { set(h: boolean): void } => {
  let value = false;
  const listeners = new Set<() => void>();
  return {
    get hidden() {
      return value;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(h) {
      value = h;
      for (const l of listeners) l();
    },
  };
};

let room: Room | undefined;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  room?.dispose();
  vi.useRealTimers();
});

describe('a room', () => {
  it('loads first from the opening start-up already asked for, and asks the host itself after that', async () => {
    const { api } = fakeApi(detail(undefined, [mod('m1', 'Display')]), { Display: 1 });
    const early = await api.systems.open({ id: 'sys-1' });
    const open = vi.mocked(api.systems.open);
    open.mockClear();
    room = new Room({
      api,
      systemId: 'sys-1',
      poll: POLL,
      clock: systemClock,
      opening: Promise.resolve(early),
    });
    await room.load();
    expect(open).not.toHaveBeenCalled();
    expect(room.plan?.home.map((t) => t.label)).toEqual(['HDMI 1', 'HDMI 2', 'USB-C']);
    room.dispose();
    // A failed early answer is a failed first load: the retry asks the host, not the old answer.
    room = new Room({
      api,
      systemId: 'sys-1',
      poll: POLL,
      clock: systemClock,
      opening: Promise.reject(new BridgeError({ code: 'ROOMDECK_OFFLINE', message: 'offline' })),
    });
    await room.load();
    expect(room.loadError).not.toBeNull();
    expect(open).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(open).toHaveBeenCalledWith({ id: 'sys-1' });
    expect(room.plan).not.toBeNull();
  });

  it('remembers the room without secrets, and shows it (connecting) when it starts during an outage', async () => {
    const memory = storageMemory(window.localStorage);
    const d = detail(undefined, [
      mod('m1', 'Display', { settings: { password: 'hunter2' } } as Partial<Module>),
    ]);
    const { api } = fakeApi(d, { Display: 1 });
    room = new Room({ api, systemId: 'sys-1', poll: POLL, clock: systemClock, memory });
    await room.load();
    expect(window.localStorage.getItem('roomdeck.room.sys-1')).not.toContain('hunter2');
    room.dispose();
    const offline = async () => {
      throw new BridgeError({ code: 'ROOMDECK_OFFLINE', message: 'offline' });
    };
    const down = fakeApi(d, { Display: 1 }, { get: vi.fn(offline), open: vi.fn(offline) }).api;
    room = new Room({ api: down, systemId: 'sys-1', poll: POLL, clock: systemClock, memory });
    await room.load();
    expect(room.connecting).toBe(true);
    expect(room.plan?.home.map((t) => t.label)).toEqual(['HDMI 1', 'HDMI 2', 'USB-C']);
    expect(room.feed('Display', 1).stale).toBe(true);
    window.localStorage.clear();
  });

  it('knows when the service no longer has the room (gone), and forgets it once the room loads again', async () => {
    let exists = false;
    // The room's first paint comes through systems.open (one call); the record alone through get.
    const { api, open } = fakeApi(
      detail(undefined, [mod('m1', 'Display')]),
      { Display: 1 },
      {
        open: vi.fn(async (args: { id: string }) => {
          if (!exists)
            throw new BridgeError({
              code: 'ROOMDECK_NOT_FOUND',
              message: 'The room or device no longer exists.',
            });
          return open(args);
        }),
      },
    );
    room = new Room({ api, systemId: 'sys-1', poll: POLL, clock: systemClock });
    await room.load();
    expect(room.gone).toBe(true);
    expect(room.loadError).toMatch(/no longer exists/);
    exists = true;
    await room.load();
    expect(room.gone).toBe(false);
    expect(room.loadError).toBeNull();
  });

  it('leaves a computer reached over SSH (role 0) off the room panel’s pages, not off the room', () => {
    const pc = mod('m9', 'RoomPC', { role: 0 } as Partial<Module>);
    const display = mod('m1', 'Display');
    const info = (module: string) => ({ module, index: 1, count: 1, funcs: {}, state: {} });
    const shown = withoutComputers([info('Display'), info('RoomPC')], detail(undefined, [display, pc]));
    expect(shown.map((m) => m.module)).toEqual(['Display']);
    // A class shared with a device stays: the panel cannot tell which is which.
    const mixed = detail(undefined, [display, mod('m8', 'Display', { role: 0 } as Partial<Module>)]);
    expect(withoutComputers([info('Display')], mixed).map((m) => m.module)).toEqual(['Display']);
  });

  it('is not gone when the service is only unreachable', async () => {
    const { api } = fakeApi(
      detail(undefined, [mod('m1', 'Display')]),
      { Display: 1 },
      {
        open: vi.fn(async () =>
          Promise.reject(new BridgeError({ code: 'ROOMDECK_OFFLINE', message: 'offline' })),
        ),
      },
    );
    room = new Room({ api, systemId: 'sys-1', poll: POLL, clock: systemClock });
    await room.load();
    expect(room.loadError).not.toBeNull();
    expect(room.gone).toBe(false);
  });

  it('builds the plan from types, funcs and state, and on the welcome screen polls only the room’s own state', async () => {
    const { api, calls } = fakeApi(detail(undefined, [mod('m1', 'Display'), mod('m2', 'RoomLogic')]), {
      Display: 1,
      RoomLogic: 1,
    });
    room = new Room({ api, systemId: 'sys-1', poll: POLL, clock: systemClock });
    await room.load();
    expect(room.plan?.source).toBe('automatic');
    expect(room.feed('Display', 1).state).toEqual(STATES.Display);
    calls.length = 0;
    await vi.advanceTimersByTimeAsync(2_000);
    // Room off: the welcome screen shows no display control; room logic, the liveness probe, every 2.5 s.
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls.sort()).toEqual(['state RoomLogic/1']);
    // The display's own controls are the engineer's (the tiles and the bar do its work): its page is
    // the Advanced one.
    const display = advancedPage(room.plan?.advanced ?? []);
    expect(display?.groups.map((g) => g.title)).toEqual(['Display']);
    room.show(display);
    calls.length = 0;
    await vi.advanceTimersByTimeAsync(2_500);
    expect([...new Set(calls)].sort()).toEqual(['state Display/1', 'state RoomLogic/1']);
  });

  it('gives a version 1 custom layout source tiles and a volume bar from the modules', async () => {
    const { api } = fakeApi(detail(INNOVATION_LAB_PANEL), { Display: 1, Lighting: 1 });
    room = new Room({ api, systemId: 'sys-1', poll: POLL, clock: systemClock });
    await room.load();
    expect(room.plan?.source).toBe('custom');
    expect(room.plan?.pages.map((p) => p.title)).toEqual(['Sources', 'Display']);
    // Named as the room's own layout names the display's inputs, not by the ports.
    expect(room.plan?.home.map((t) => t.label)).toEqual(['Laptop', 'Room PC', 'USB-C']);
    expect(room.plan?.volume).toMatchObject({ module: 'Display', method: 'volume', key: 'volume' });
  });

  it('refreshes the pressed module’s state as soon as its exec returns', async () => {
    const { api, calls } = fakeApi(detail(undefined, [mod('m1', 'Display')]), { Display: 1 });
    room = new Room({ api, systemId: 'sys-1', poll: POLL, clock: systemClock });
    await room.load();
    calls.length = 0;
    await room.exec('Display', 1, { method: 'power', args: [true] });
    expect(calls).toEqual(['exec power', 'state Display/1']);
  });

  it('counts every command not yet answered, whichever control sent it, failed ones too (the update window reads it)', async () => {
    const { api } = fakeApi(detail(undefined, [mod('m1', 'Display')]), { Display: 1 });
    const answers: (() => void)[] = [];
    const exec = api.systems.exec as unknown as ReturnType<typeof vi.fn>;
    exec.mockImplementation(
      () =>
        new Promise((resolve, reject) => {
          answers.push(() => resolve({ result: null }));
          answers.push(() => reject(new BridgeError({ code: 'ROOMDECK_DRIVER_ERROR', message: 'refused' })));
        }),
    );
    room = new Room({ api, systemId: 'sys-1', poll: POLL, clock: systemClock });
    await room.load();
    expect(room.commandsInFlight).toBe(0);
    const first = room.exec('Display', 1, { method: 'volume', args: [20] });
    const second = room.exec('Display', 1, { method: 'volume', args: [25] }).catch(() => 'failed');
    expect(room.commandsInFlight).toBe(2);
    answers[0]!();
    await first;
    expect(room.commandsInFlight).toBe(1);
    answers[3]!();
    expect(await second).toBe('failed');
    expect(room.commandsInFlight).toBe(0);
  });

  it('counts only modules that are not ignore_connected towards the connection indicator', async () => {
    const modules = [
      mod('m1', 'Display', { connected: false, ignore_connected: true }),
      mod('m2', 'Lighting', { connected: false }),
      mod('m3', 'Switcher'),
    ];
    const { api } = fakeApi(detail(undefined, modules), { Display: 1 });
    room = new Room({ api, systemId: 'sys-1', poll: POLL, clock: systemClock });
    await room.load();
    expect(room.connection).toEqual({ counted: 2, down: ['Lighting'], unread: [] });
  });

  it('refreshes the module list every ~60 s idle, ~30 s when touched on the welcome screen, ~10 s in use, and polls nothing while hidden', async () => {
    const visibility = hidden();
    const { api, calls } = fakeApi(detail(undefined, [mod('m1', 'Display')]), { Display: 1 });
    room = new Room({ api, systemId: 'sys-1', poll: POLL, clock: systemClock, visibility });
    await room.load();
    expect(api.systems.get).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(api.systems.get).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.systems.get).toHaveBeenCalledTimes(2);
    room.touched();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(api.systems.get).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.systems.get).toHaveBeenCalledTimes(3);
    room.show(room.plan?.pages[0] ?? null);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(api.systems.get).toHaveBeenCalledTimes(6);
    room.show(null);
    visibility.set(true);
    calls.length = 0;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([]);
    expect(api.systems.get).toHaveBeenCalledTimes(6);
  });
});

describe('a room’s polling by activity (idle: room off and untouched; active: touched or in use)', () => {
  const BIG = {
    Display: 4,
    Projector: 1,
    Switcher: 1,
    Lighting: 2,
    Blinds: 1,
    Camera: 1,
    Mixer: 1,
    RoomLogic: 1,
  };
  const bigRoom = () =>
    fakeApi(
      detail(
        undefined,
        Object.entries(BIG).flatMap(([name, n]) =>
          Array.from({ length: n }, (_, i) => mod(`m-${name}-${i}`, name)),
        ),
      ),
      BIG,
    );
  const tally = (calls: string[]) => {
    const by = new Map<string, number>();
    for (const c of calls) by.set(c, (by.get(c) ?? 0) + 1);
    return by;
  };

  it('costs the service under half a request a second when idle, whatever the room’s size, with the room logic as the probe', async () => {
    const { api, calls } = bigRoom();
    room = new Room({ api, systemId: 'sys-1', poll: POLL, clock: systemClock });
    await room.load();
    expect(room.activity).toBe('idle');
    calls.length = 0;
    const getsBefore = vi.mocked(api.systems.get).mock.calls.length;
    await vi.advanceTimersByTimeAsync(600_000);
    const gets = vi.mocked(api.systems.get).mock.calls.length - getsBefore;
    const perSecond = (calls.length + gets) / 600;
    expect(perSecond).toBeLessThanOrEqual(0.5);
    // The room logic every 2.5 s; nothing on any page (the welcome screen shows none).
    expect(tally(calls).get('state RoomLogic/1')).toBe(240);
    expect(calls.filter((c) => c.startsWith('state Display') || c.startsWith('state Mixer'))).toEqual([]);
  });

  it('polls the room state at the fast rate once touched, and goes idle again after idleAfterMs untouched', async () => {
    const { api, calls } = bigRoom();
    const poll = { ...POLL, idleAfterMs: 60_000 };
    room = new Room({ api, systemId: 'sys-1', poll, clock: systemClock });
    await room.load();
    await vi.advanceTimersByTimeAsync(10_000);
    calls.length = 0;
    room.touched();
    expect(room.activity).toBe('active');
    await vi.advanceTimersByTimeAsync(20_000);
    // Active: every 2 s (idleMs), as before idle polling existed.
    expect(tally(calls).get('state RoomLogic/1')).toBeGreaterThanOrEqual(10);
    await vi.advanceTimersByTimeAsync(40_000);
    expect(room.activity).toBe('idle');
    calls.length = 0;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(tally(calls).get('state RoomLogic/1')).toBe(8);
  });

  it('stays active while the room is on (a page shown), however long nobody touches it, and polls no page not shown', async () => {
    const { api, calls } = bigRoom();
    room = new Room({ api, systemId: 'sys-1', poll: { ...POLL, idleAfterMs: 30_000 }, clock: systemClock });
    await room.load();
    const pages = room.plan?.pages ?? [];
    const mixer = pages.find((p) => p.groups.some((g) => g.controls.some((c) => c.module === 'Mixer')));
    expect(mixer).toBeDefined();
    room.show(mixer ?? null);
    expect(room.activity).toBe('active');
    calls.length = 0;
    await vi.advanceTimersByTimeAsync(300_000);
    expect(room.activity).toBe('active');
    const polled = new Set(calls.map((c) => c.replace(/^state /, '').replace(/\/\d+$/, '')));
    expect(polled.has('Mixer')).toBe(true);
    // Modules that appear only on pages not shown are never asked for.
    const shown = new Set(mixer?.groups.flatMap((g) => g.controls.map((c) => c.module)));
    const onOtherPagesOnly = pages
      .filter((p) => p !== mixer)
      .flatMap((p) => p.groups.flatMap((g) => g.controls.map((c) => c.module)))
      .filter((m) => !shown.has(m) && m !== 'RoomLogic' && m !== room?.plan?.volume?.module);
    expect(onOtherPagesOnly.length).toBeGreaterThan(0);
    for (const m of onOtherPagesOnly) expect(polled.has(m), m).toBe(false);
    // Back to the welcome screen (room switched off), untouched: idle at once.
    room.show(null);
    expect(room.activity).toBe('idle');
  });

  it('while the service is out of reach: nothing is live, a command is refused at once and not sent; back, it all clears', async () => {
    const { api, calls } = fakeApi(detail(undefined, [mod('m1', 'Display')]), { Display: 1 });
    room = new Room({ api, systemId: 'sys-1', poll: POLL, clock: systemClock });
    await room.load();
    // A command the device never answered, as the service froze: the device is not blamed for it.
    vi.mocked(api.systems.exec).mockRejectedValueOnce(
      new BridgeError({ code: 'ROOMDECK_TIMEOUT', message: 'no answer' }),
    );
    await expect(room.exec('Display', 1, { method: 'power', args: [true] })).rejects.toMatchObject({
      code: 'ROOMDECK_TIMEOUT',
    });
    expect(room.silence({ module: 'Display', index: 1 })).toBeNull();
    // The service hangs: within the poller's 2 s the room is unreachable and no value is live.
    let wake: (() => void) | null = null;
    vi.mocked(api.systems.state).mockImplementation(
      () => new Promise((resolve) => (wake = () => resolve({ power: true }))),
    );
    await vi.advanceTimersByTimeAsync(5_000);
    expect(room.unreachable).toBe(true);
    expect(room.feed('Display', 1).stale).toBe(true);
    calls.length = 0;
    const refused = room.exec('Display', 1, { method: 'power', args: [false] });
    await expect(refused).rejects.toMatchObject({ code: 'ROOMDECK_OFFLINE' });
    await expect(refused).rejects.toThrow(/not answering, so nothing was changed/);
    expect(calls.filter((c) => c.startsWith('exec'))).toEqual([]);
    expect(room.commandsInFlight).toBe(0);
    const recovered = vi.fn();
    room.onRecovered(recovered);
    // The first good read: reachable, live, told.
    (wake as (() => void) | null)?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(room.unreachable).toBe(false);
    expect(room.feed('Display', 1).stale).toBe(false);
    expect(recovered).toHaveBeenCalledTimes(1);
    expect(room.heardAt).not.toBeNull();
  });

  it('a device silent while the link failed is forgotten when the service answers again', async () => {
    const { api } = fakeApi(detail(undefined, [mod('m1', 'Display')]), { Display: 1 });
    room = new Room({ api, systemId: 'sys-1', poll: POLL, clock: systemClock });
    await room.load();
    // The device's own silence (the service said it did not respond) marks it...
    vi.mocked(api.systems.exec).mockRejectedValueOnce(
      new BridgeError({ code: 'ROOMDECK_EXEC_TIMEOUT', message: 'Display 1 did not respond' }),
    );
    await room.exec('Display', 1, { method: 'power', args: [true] }).catch(() => undefined);
    expect(room.silence({ module: 'Display', index: 1 })).not.toBeNull();
    // ...then the service itself goes quiet and comes back: what it said in between is not kept.
    vi.mocked(api.systems.state).mockRejectedValue(
      new BridgeError({ code: 'ROOMDECK_OFFLINE', message: 'x' }),
    );
    await vi.advanceTimersByTimeAsync(5_000);
    expect(room.unreachable).toBe(true);
    vi.mocked(api.systems.state).mockResolvedValue({ power: true });
    await vi.advanceTimersByTimeAsync(6_000);
    expect(room.unreachable).toBe(false);
    expect(room.silence({ module: 'Display', index: 1 })).toBeNull();
  });

  it('shows a lost link within 5 s when idle, whether the service refuses or hangs', async () => {
    for (const fault of ['refused', 'hangs'] as const) {
      const { api } = bigRoom();
      room = new Room({ api, systemId: 'sys-1', poll: POLL, clock: systemClock });
      await room.load();
      await vi.advanceTimersByTimeAsync(7_510); // just after a probe answered: the worst case
      vi.mocked(api.systems.state).mockImplementation(() =>
        fault === 'refused'
          ? Promise.reject(new BridgeError({ code: 'ROOMDECK_OFFLINE', message: 'offline' }))
          : new Promise(() => undefined),
      );
      await vi.advanceTimersByTimeAsync(4_999);
      expect(room.feeds.linkLost, fault).not.toBeNull();
      room.dispose();
    }
  });
});
