import type { LiveEvent, RoomdeckApi } from '#contract';
import { describe, expect, it } from 'vitest';
import { DebugLog } from '../../../renderer/src/lib/technician/live/debug-log.svelte.ts';
import { ToolsLive } from '../../../renderer/src/lib/technician/live/live-link.ts';
import { settle } from '../../support/fake-clock.ts';
import { fakeBridge, fakeEvents, huddle } from './fake-bridge.ts';

const WATCHER = 'toolsWatcher0001';
const display = { module: 'Display', index: 1 };
const line = (message: string, at = Date.UTC(2030, 0, 1, 14, 5, 9)): LiveEvent => ({
  type: 'debug',
  id: huddle.id,
  ...display,
  level: 'info',
  message,
  at,
});

function setup(forbid: string[] = [], debug?: RoomdeckApi['live']['debug']) {
  const fake = fakeBridge({ liveMode: 'push', forbid });
  const events = fakeEvents();
  const verbs = { ...fake.api.live, ...(debug ? { debug } : {}) };
  const channel = new ToolsLive(verbs, { events: events.source, watcher: WATCHER });
  const calls = (verb: string) => fake.calls.filter((c) => c.verb === verb).map((c) => c.args);
  return { fake, events, calls, log: new DebugLog(channel, huddle.id, display, 'Display 1', 500) };
}

describe('following a module’s log', () => {
  it('asks for the module’s debug stream and keeps its lines, oldest first', async () => {
    const { events, calls, log } = setup();
    await log.follow();
    expect(calls('live.debug')).toEqual([{ watcher: WATCHER, id: huddle.id, ...display }]);
    expect(log.phase).toBe('following');
    events.emit(line('status power = true'));
    events.emit({ ...line('another module'), module: 'Switcher' } as LiveEvent);
    events.emit({ ...line('another room'), id: 'sys-other' } as LiveEvent);
    events.emit({ ...line('input = hdmi2'), level: 'warn' } as LiveEvent);
    expect(log.lines.map((l) => [l.level, l.message])).toEqual([
      ['info', 'status power = true'],
      ['warn', 'input = hdmi2'],
    ]);
    expect(log.lines[0]?.at).toBe(Date.UTC(2030, 0, 1, 14, 5, 9));
  });

  it('keeps only the last 500 lines', async () => {
    const { events, log } = setup();
    await log.follow();
    for (let i = 1; i <= 600; i++) events.emit(line(`line ${i}`));
    expect(log.lines).toHaveLength(500);
    expect(log.lines[0]?.message).toBe('line 101');
    expect(log.lines.at(-1)?.message).toBe('line 600');
  });

  it('says in words that the account’s role may not follow logs when the service refuses', async () => {
    const { events, log } = setup(['live.debug']);
    await log.follow();
    expect(log.phase).toBe('idle');
    expect(log.refused).toBe(true);
    expect(log.problem?.code).toBe('ROOMDECK_FORBIDDEN');
    expect(log.problem?.message).toBe(
      "Your account may not follow Display 1's log: the service allows that only to support and administrator accounts.",
    );
    expect(events.listeners).toBe(0);
  });

  it('names the device when following fails for another reason', async () => {
    const { log } = setup([], async () => {
      throw { code: 'ROOMDECK_OFFLINE', message: 'The live connection is down.' };
    });
    await log.follow();
    expect(log.refused).toBe(false);
    expect(log.problem?.message).toBe("Display 1's log cannot be followed: The live connection is down.");
  });

  it('stops with ignore, and takes no more lines', async () => {
    const { events, calls, log } = setup();
    await log.follow();
    events.emit(line('one'));
    await log.stop();
    expect(calls('live.ignore')).toEqual([{ watcher: WATCHER, id: huddle.id, ...display }]);
    events.emit(line('two'));
    expect(log.lines.map((l) => l.message)).toEqual(['one']);
    expect(log.phase).toBe('idle');
    expect(events.listeners).toBe(0);
  });

  it('ignores a stream whose answer came after the view closed', async () => {
    let answer: (value: null) => void = () => undefined;
    const { calls, log } = setup([], () => new Promise((resolve) => (answer = resolve)));
    const following = log.follow();
    await log.stop();
    expect(calls('live.ignore')).toEqual([]);
    answer(null);
    await following;
    await settle();
    expect(calls('live.ignore')).toEqual([{ watcher: WATCHER, id: huddle.id, ...display }]);
    expect(log.phase).toBe('idle');
  });

  it('says lines may be missing while the channel is down', async () => {
    const { events, log } = setup();
    await log.follow();
    events.emit({ type: 'mode', mode: 'polling', reason: 'ROOMDECK_OFFLINE' });
    expect(log.interrupted).toBe(true);
    events.emit({ type: 'mode', mode: 'push' });
    expect(log.interrupted).toBe(false);
  });
});
