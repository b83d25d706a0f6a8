import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomdeckApi } from '#contract';
import { BridgeError } from '../../renderer/src/lib/bridge/bridge.ts';
import { systemClock } from '../../renderer/src/lib/time/clock.ts';
import { ControlState } from '../../renderer/src/lib/control/control-state.svelte.ts';
import { advancedPage } from '../../renderer/src/lib/plan/auto-plan.ts';
import { Room } from '../../renderer/src/lib/room/room.svelte.ts';
import { linkWords } from '../../renderer/src/lib/words/link-words.ts';
import { STATES } from './support/fixtures.ts';
import { detail, FakeLive, fakeApi, mod, withLive } from './support/room-api.ts';

/*
 * A room on the live channel, driven as the main process drives a page: `live.watch`
 * answers the mode, `state` events carry a module's whole state, `stale` and `mode` events say when
 * values cannot be trusted or must be polled. A fake clock; no real time anywhere.
 */

const POLL = { fastMs: 250, fastForMs: 5_000, idleMs: 2_000 };
const WATCHER = 'page-0123456789';
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

function bigRoom() {
  const modules = Object.entries(BIG).flatMap(([name, n]) =>
    Array.from({ length: n }, (_, i) => mod(`m-${name}-${i}`, name)),
  );
  const service = fakeApi(detail(undefined, modules), BIG);
  const live = new FakeLive();
  live.states = (t) => STATES[t.module] ?? {};
  return { ...service, api: withLive(service.api, live), live };
}

function open(api: RoomdeckApi, live: FakeLive, poll = POLL): Room {
  room = new Room({
    api,
    systemId: 'sys-1',
    poll,
    clock: systemClock,
    live: { source: live, watcher: WATCHER },
  });
  return room;
}

const stateCalls = (calls: string[]) => calls.filter((c) => c.startsWith('state '));
const gets = (api: RoomdeckApi) => vi.mocked(api.systems.get).mock.calls.length;

let room: Room | undefined;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  room?.dispose();
  room = undefined;
  vi.useRealTimers();
});

describe('a room on the live channel', () => {
  it('tells the main process the panel is active while touched lately or a page is in use, and idle two minutes after', async () => {
    const { api, live } = bigRoom();
    const r = open(api, live);
    await r.load();
    // Nobody has touched the panel: idle, the link checked at the long cadence.
    expect(live.watches.at(-1)?.active).toBeUndefined();
    r.touched();
    await vi.advanceTimersByTimeAsync(0);
    expect(live.watches.at(-1)).toMatchObject({ watcher: WATCHER, id: 'sys-1', active: true });
    // The same list, the same activity: nothing sent again.
    const sent = live.watches.length;
    r.touched();
    await vi.advanceTimersByTimeAsync(0);
    expect(live.watches).toHaveLength(sent);
    // Left alone for two minutes: idle again, said once.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(live.watches.at(-1)?.active).toBeUndefined();
    expect(live.watches.at(-1)?.targets.length).toBeGreaterThan(0);
    // A page of the room in use counts as active, touched or not.
    r.show(r.plan?.pages[0] ?? null);
    await vi.advanceTimersByTimeAsync(0);
    expect(live.watches.at(-1)?.active).toBe(true);
  });

  it('watches exactly the modules the shown page needs, on every page change, and nothing once the room closes', async () => {
    const { api, live } = bigRoom();
    const r = open(api, live);
    await r.load();
    expect(live.watches[0]).toMatchObject({ watcher: WATCHER, id: 'sys-1' });
    // The welcome screen: the room's own state, exactly what the poller polls and nothing more.
    expect(live.watching).toEqual([...r.feeds.watched].sort());
    expect(live.watching).toEqual(['RoomLogic/1']);
    const pages = r.plan?.pages ?? [];
    const mixer = pages.find((p) => p.groups.some((g) => g.controls.some((c) => c.module === 'Mixer')));
    r.show(mixer ?? null);
    await vi.advanceTimersByTimeAsync(0);
    expect(live.watching).toContain('Mixer/1');
    expect(live.watching).toEqual([...r.feeds.watched].sort());
    // Modules only on pages not shown are not watched.
    const shown = new Set(mixer?.groups.flatMap((g) => g.controls.map((c) => c.module)));
    const elsewhere = pages
      .filter((p) => p !== mixer)
      .flatMap((p) => p.groups.flatMap((g) => g.controls.map((c) => c.module)))
      .filter((m) => !shown.has(m) && m !== 'RoomLogic' && m !== r.plan?.volume?.module);
    expect(elsewhere.length).toBeGreaterThan(0);
    for (const m of elsewhere)
      expect(
        live.watching.some((k) => k.startsWith(`${m}/`)),
        m,
      ).toBe(false);
    // The same page again: the list has not changed, so nothing is sent.
    const sent = live.watches.length;
    r.show(mixer ?? null);
    await vi.advanceTimersByTimeAsync(0);
    expect(live.watches).toHaveLength(sent);
    r.show(null);
    await vi.advanceTimersByTimeAsync(0);
    expect(live.watching).toEqual(['RoomLogic/1']);
    r.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(live.watches.at(-1)?.targets).toEqual([]);
    expect(live.listeners).toBe(0);
  });

  it('sends a closing room’s empty list before the next room’s list on the same page, however long the answers take', async () => {
    const { api, live } = bigRoom();
    const page = { source: live, watcher: WATCHER };
    const first = new Room({ api, systemId: 'sys-1', poll: POLL, clock: systemClock, live: page });
    await first.load();
    await vi.advanceTimersByTimeAsync(0);
    // The next list's answer is slow: the room closes, and another opens, while it is out.
    let answer: () => void = () => undefined;
    live.api.live.watch.mockImplementationOnce(async (args) => {
      live.watches.push(structuredClone(args));
      await new Promise<void>((resolve) => (answer = resolve));
      return { mode: 'push' as const };
    });
    first.show(advancedPage(first.plan?.advanced ?? []));
    first.dispose();
    const next = open(api, live);
    await next.load();
    answer();
    await vi.advanceTimersByTimeAsync(0);
    // The main process holds the room now shown: its list came last.
    expect(live.watches.at(-1)?.targets.length).toBeGreaterThan(0);
    expect(live.watching).toEqual([...next.feeds.watched].sort());
    expect(live.watches.map((w) => w.targets.length === 0)).toContain(true);
  });

  it('costs the service at most 0.02 requests a second when idle and pushed (no state polled, the module list rarely)', async () => {
    const { api, live, calls } = bigRoom();
    const r = open(api, live);
    await r.load();
    await vi.advanceTimersByTimeAsync(0);
    calls.length = 0;
    const before = gets(api);
    await vi.advanceTimersByTimeAsync(600_000);
    const requests = calls.length + gets(api) - before;
    expect(stateCalls(calls)).toEqual([]);
    expect(requests / 600).toBeLessThanOrEqual(0.02);
    expect(r.activity).toBe('idle');
  });

  it('polls no pushed module; a stale value is unknown until its fresh state; polling resumes at once on fallback and stops again on push', async () => {
    const { api, live, calls } = bigRoom();
    const r = open(api, live);
    await r.load();
    const display = advancedPage(r.plan?.advanced ?? []);
    r.show(display);
    await vi.advanceTimersByTimeAsync(0);
    expect(live.watching).toContain('Display/1');
    calls.length = 0;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(stateCalls(calls)).toEqual([]);

    // The channel renews its binding: the display's values are unknown, not shown as live.
    live.emit({ type: 'stale', id: 'sys-1', module: 'Display', index: 1 });
    expect(r.feed('Display', 1).stale).toBe(true);
    expect(r.connection.unread.length).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(r.feed('Display', 1).stale).toBe(true);
    live.emit({
      type: 'state',
      id: 'sys-1',
      module: 'Display',
      index: 1,
      state: { ...STATES.Display, power: true },
    });
    expect(r.feed('Display', 1).stale).toBe(false);
    expect(r.feed('Display', 1).state?.power).toBe(true);
    expect(stateCalls(calls)).toEqual([]);

    // The socket failed: every watched module is polled at once.
    live.emit({ type: 'mode', mode: 'polling', reason: 'ROOMDECK_OFFLINE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(new Set(stateCalls(calls).map((c) => c.slice(6)))).toEqual(new Set(r.feeds.watched));
    // A fallback that works says nothing scary.
    expect(r.feeds.linkLost).toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(stateCalls(calls).filter((c) => c === 'state Display/1').length).toBeGreaterThanOrEqual(5);

    // Back to push: each module stops being polled as its fresh state arrives.
    live.emit({ type: 'mode', mode: 'push' });
    live.emit({ type: 'state', id: 'sys-1', module: 'Display', index: 1, state: STATES.Display ?? {} });
    calls.length = 0;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).not.toContain('state Display/1');
    expect(calls).toContain('state RoomLogic/1');
    for (const key of r.feeds.watched) {
      const [module, index] = key.split('/');
      live.emit({ type: 'state', id: 'sys-1', module: module!, index: Number(index), state: {} });
    }
    calls.length = 0;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(stateCalls(calls)).toEqual([]);
  });

  it('confirms a press by the pushed value, without asking for the state', async () => {
    const { api, live, calls } = bigRoom();
    const r = open(api, live);
    await r.load();
    r.show(advancedPage(r.plan?.advanced ?? []));
    await vi.advanceTimersByTimeAsync(0);
    const control = new ControlState(r, { module: 'Display', index: 1, label: 'Power' });
    calls.length = 0;
    control.send({ method: 'power', args: [true] }, { key: 'power', value: true });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toEqual(['exec power']);
    expect(control.phase).toBe('pending');
    live.emit({
      type: 'state',
      id: 'sys-1',
      module: 'Display',
      index: 1,
      state: { ...STATES.Display, power: true },
    });
    expect(control.phase).toBe('confirmed');
    expect(stateCalls(calls)).toEqual([]);
    control.dispose();
  });

  it('ignores pushed states of another room, and of modules it does not watch', async () => {
    const { api, live } = bigRoom();
    const r = open(api, live);
    await r.load();
    await vi.advanceTimersByTimeAsync(0);
    const before = r.feed('RoomLogic', 1).state;
    live.emit({
      type: 'state',
      id: 'sys-other',
      module: 'RoomLogic',
      index: 1,
      state: { power: 'elsewhere' },
    });
    expect(r.feed('RoomLogic', 1).state).toBe(before);
    live.emit({ type: 'state', id: 'sys-1', module: 'Mixer', index: 1, state: { mute: 'not watched' } });
    expect(r.feed('Mixer', 1).state?.mute).not.toBe('not watched');
  });

  it('reads the module list every two minutes under push (what says a device went offline), and at once when the channel falls back', async () => {
    const { api, live } = bigRoom();
    const r = open(api, live);
    await r.load();
    await vi.advanceTimersByTimeAsync(0);
    let before = gets(api);
    await vi.advanceTimersByTimeAsync(240_000);
    // Four minutes idle on push: two reads of the room, nothing else.
    expect(gets(api) - before).toBe(2);
    before = gets(api);
    live.emit({ type: 'mode', mode: 'polling' });
    await vi.advanceTimersByTimeAsync(0);
    // At once (the fault may have hidden a change), then every ~60 s while idle, as without push.
    expect(gets(api) - before).toBe(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(gets(api) - before).toBe(3);
    expect(r.feeds.push).toBe(false);
  });

  it('shows a device that says it is not connected as not responding at once, and reads the module list again', async () => {
    const { api, live } = bigRoom();
    const r = open(api, live);
    await r.load();
    r.show(advancedPage(r.plan?.advanced ?? []));
    await vi.advanceTimersByTimeAsync(0);
    expect(r.silence({ module: 'Display', index: 1 })).toBeNull();
    const before = gets(api);
    live.emit({
      type: 'state',
      id: 'sys-1',
      module: 'Display',
      index: 1,
      state: { ...STATES.Display, connected: false },
    });
    expect(r.silence({ module: 'Display', index: 1 })).toMatchObject({ why: 'not responding' });
    await vi.advanceTimersByTimeAsync(0);
    expect(gets(api) - before).toBe(1);
  });

  it('says what a polling panel says when the socket failed because the service is gone, and nothing when only the socket failed', async () => {
    const { api, live } = bigRoom();
    const r = open(api, live);
    await r.load();
    await vi.advanceTimersByTimeAsync(0);
    expect(r.feeds.push).toBe(true);
    const offline = new BridgeError({
      code: 'ROOMDECK_OFFLINE',
      message: 'The Control Service is not answering.',
    });
    vi.mocked(api.systems.state).mockRejectedValue(offline);
    live.emit({ type: 'mode', mode: 'polling', reason: 'ROOMDECK_OFFLINE' });
    await vi.advanceTimersByTimeAsync(0);
    // The words of the link model, exactly as a room that only ever polled says them.
    expect(r.feeds.linkLost).toBe(linkWords(offline));
    expect(r.feed('RoomLogic', 1).stale).toBe(true);
  });

  it('polls as before when the main process does not take the watch list', async () => {
    const { api, live, calls } = bigRoom();
    live.api.live.watch.mockRejectedValue(new Error('bridge down'));
    const r = open(api, live);
    await r.load();
    calls.length = 0;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(r.feeds.push).toBe(false);
    expect(calls.filter((c) => c === 'state RoomLogic/1').length).toBe(4);
  });
});
