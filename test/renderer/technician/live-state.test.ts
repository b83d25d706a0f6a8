import type { LiveStatus, RoomdeckApi } from '#contract';
import { describe, expect, it } from 'vitest';
import { ToolsLive } from '../../../renderer/src/lib/technician/live/live-link.ts';
import { LiveState } from '../../../renderer/src/lib/technician/live/live-state.svelte.ts';
import { FakeClock, settle } from '../../support/fake-clock.ts';
import { fakeBridge, fakeEvents, huddle } from './fake-bridge.ts';

const WATCHER = 'toolsWatcher0001';
const display = { module: 'Display', index: 1 };

/** A state view of Display 1 in the huddle room, with the tools' live channel answering `mode`. */
function setup(liveMode?: LiveStatus['mode'], watch?: RoomdeckApi['live']['watch']) {
  const fake = fakeBridge(liveMode ? { liveMode } : {});
  const events = fakeEvents();
  const clock = new FakeClock();
  const verbs = { ...fake.api.live, ...(watch ? { watch } : {}) };
  const channel = new ToolsLive(verbs, { events: events.source, watcher: WATCHER });
  const source = {
    read: () => fake.api.systems.state({ id: huddle.id, ...display }),
    lookup: async () => undefined,
  };
  const view = new LiveState(source, clock, undefined, { channel, systemId: huddle.id, target: display });
  const reads = () => fake.calls.filter((c) => c.verb === 'systems.state').length;
  const watches = () => fake.calls.filter((c) => c.verb === 'live.watch').map((c) => c.args);
  return { fake, events, clock, view, reads, watches };
}

describe('the technician’s live-state view on the live channel', () => {
  it('watches the shown module, takes pushed states and polls nothing while pushed', async () => {
    const { events, clock, view, reads, watches } = setup('push');
    view.start();
    await settle();
    expect(watches()).toEqual([{ watcher: WATCHER, id: huddle.id, targets: [display], active: true }]);
    expect(view.state).toEqual({ power: false, volume: 30 });
    expect(view.freshness).toBe('push');
    expect(view.freshnessText).toBe('Live');

    const before = reads();
    await clock.advance(30_000);
    expect(reads()).toBe(before);

    events.emit({ type: 'state', id: huddle.id, ...display, state: { power: true, volume: 30 } });
    expect(view.state).toEqual({ power: true, volume: 30 });
    expect(view.isLit('power')).toBe(true);
    expect(view.history.map((c) => [c.key, c.from, c.to])).toEqual([['power', false, true]]);
    // Another module's state, or another room's, is not this view's.
    events.emit({ type: 'state', id: huddle.id, module: 'Display', index: 2, state: { power: false } });
    events.emit({ type: 'state', id: 'sys-other', ...display, state: { power: false } });
    expect(view.state).toEqual({ power: true, volume: 30 });
    // A command's result arrives by itself: no read after it.
    view.poke();
    await clock.advance(5_000);
    expect(reads()).toBe(before);
    view.stop();
  });

  it('keeps a push the channel announced while its watch was on the way (the older answer said polling)', async () => {
    const held: Array<() => void> = [];
    // The socket opens just after the watch: the answer says polling, the event stream says push
    // first (the two travel apart in the browser host).
    const watch: RoomdeckApi['live']['watch'] = () =>
      new Promise((resolve) => held.push(() => resolve({ mode: 'polling' })));
    const { events, clock, view, reads } = setup('push', watch);
    view.start();
    await settle();
    events.emit({ type: 'mode', mode: 'push' });
    held.shift()?.();
    await settle();
    expect(view.freshness).toBe('push');
    const before = reads();
    await clock.advance(10_000);
    expect(reads()).toBe(before);
    view.stop();
  });

  it('shows values as unknown after the channel reconnected, until the next pushed state', async () => {
    const { events, view } = setup('push');
    view.start();
    await settle();
    events.emit({ type: 'stale', id: huddle.id, ...display });
    expect(view.unknown).toBe(true);
    expect(view.freshness).toBe('reconnecting');
    expect(view.freshnessText).toMatch(/^Reconnecting/);
    events.emit({ type: 'state', id: huddle.id, ...display, state: { power: true, volume: 55 } });
    expect(view.unknown).toBe(false);
    expect(view.freshness).toBe('push');
    expect(view.state).toEqual({ power: true, volume: 55 });
    view.stop();
  });

  it('falls back to reading every 2 s when the channel answers polling, and says so', async () => {
    const { clock, view, reads } = setup('polling');
    view.start();
    await settle();
    expect(view.freshness).toBe('polling');
    expect(view.freshnessText).toBe('Refreshing every 2 s');
    const before = reads();
    await clock.advance(6_100);
    expect(reads()).toBeGreaterThanOrEqual(before + 3);
    view.stop();
  });

  it('follows the channel between push and polling', async () => {
    const { fake, events, clock, view, reads } = setup('push');
    view.start();
    await settle();
    events.emit({ type: 'mode', mode: 'polling', reason: 'ROOMDECK_OFFLINE' });
    await settle();
    expect(view.freshness).toBe('polling');
    const atFallback = reads();
    fake.state.volume = 70;
    await clock.advance(2_100);
    expect(reads()).toBeGreaterThan(atFallback);
    expect(view.state?.volume).toBe(70);

    events.emit({ type: 'mode', mode: 'push' });
    await settle();
    expect(view.freshness).toBe('push');
    const atPush = reads();
    await clock.advance(20_000);
    expect(reads()).toBe(atPush);
    view.stop();
  });

  it('keeps polling when the channel cannot take the watch', async () => {
    const { clock, view, reads } = setup('push', async () => {
      throw new Error('no channel');
    });
    view.start();
    await settle();
    expect(view.freshness).toBe('polling');
    const before = reads();
    await clock.advance(4_100);
    expect(reads()).toBeGreaterThan(before);
    view.stop();
  });

  it('watches nothing and listens to nothing once the view closes', async () => {
    const { events, view, watches } = setup('push');
    view.start();
    await settle();
    expect(events.listeners).toBe(1);
    view.stop();
    await settle();
    expect(watches().at(-1)).toEqual({ watcher: WATCHER, id: huddle.id, targets: [] });
    expect(events.listeners).toBe(0);
  });
});

describe('the tools’ watch list', () => {
  it('sends lists one at a time, so a closing view’s [] never lands after the next view’s list', async () => {
    const fake = fakeBridge({ liveMode: 'push' });
    const sent: unknown[] = [];
    const held: Array<() => void> = [];
    const watch: RoomdeckApi['live']['watch'] = (args) => {
      sent.push(args);
      return new Promise((resolve) => held.push(() => resolve({ mode: 'push' })));
    };
    const live = new ToolsLive(
      { ...fake.api.live, watch },
      { events: fakeEvents().source, watcher: WATCHER },
    );
    const first = live.watch(huddle.id, [display]);
    await settle();
    live.unwatch(huddle.id, [display]);
    const next = live.watch(huddle.id, [{ module: 'Display', index: 2 }]);
    await settle();
    expect(sent).toHaveLength(1);
    held.shift()?.();
    await first;
    await settle();
    // The [] in between was replaced before it was sent: only the newest list goes out.
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({
      watcher: WATCHER,
      id: huddle.id,
      targets: [{ module: 'Display', index: 2 }],
      active: true,
    });
    held.shift()?.();
    await expect(next).resolves.toEqual({ mode: 'push' });
    // A view closing after another took over leaves the other's list alone.
    live.unwatch(huddle.id, [display]);
    await settle();
    expect(sent).toHaveLength(2);
  });
});
