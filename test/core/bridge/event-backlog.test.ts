import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../contract/types.ts';
import { EventBacklog, MAX_BACKLOG_DEBUG_LINES } from '../../../core/bridge/event-backlog.ts';

/** What waits for a slow page: bounded whatever the service sends, the newest of each thing last. */

const state = (module: string, seq: number): LiveEvent => ({
  type: 'state',
  id: 'sys-1',
  module,
  index: 1,
  state: { seq },
});

describe('the backlog of a slow page', () => {
  it('keeps the newest state or stale per module and the newest mode, in the order of their newest change', () => {
    const backlog = new EventBacklog();
    backlog.push({ type: 'mode', mode: 'polling' });
    backlog.push(state('Display', 1));
    backlog.push(state('Mixer', 1));
    backlog.push(state('Display', 2));
    backlog.push({ type: 'stale', id: 'sys-1', module: 'Mixer', index: 1 });
    backlog.push({ type: 'mode', mode: 'push' });
    expect(backlog.size).toBe(3);
    expect(backlog.take()).toEqual([
      state('Display', 2),
      { type: 'stale', id: 'sys-1', module: 'Mixer', index: 1 },
      { type: 'mode', mode: 'push' },
    ]);
    expect(backlog.take()).toEqual([]);
  });

  it('holds at most the newest debug lines, however many come', () => {
    const backlog = new EventBacklog();
    for (let i = 0; i < 10_000; i += 1)
      backlog.push({
        type: 'debug',
        id: 'sys-1',
        module: 'Display',
        index: 1,
        level: 'debug',
        message: `${i}`,
        at: i,
      });
    for (let i = 0; i < 10_000; i += 1) backlog.push(state(`Display${i % 4}`, i));
    expect(backlog.size).toBe(MAX_BACKLOG_DEBUG_LINES + 4);
    expect(backlog.dropped).toBe(10_000 - MAX_BACKLOG_DEBUG_LINES);
    const taken = backlog.take();
    const lines = taken.filter((e) => e.type === 'debug');
    expect(lines.at(0)).toMatchObject({ message: `${10_000 - MAX_BACKLOG_DEBUG_LINES}` });
    expect(lines.at(-1)).toMatchObject({ message: '9999' });
  });
});
