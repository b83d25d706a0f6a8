import { describe, expect, it } from 'vitest';
import { BOUNCE_GAP_MS, partitionWall } from '../../../simulator/devices/partition-wall.ts';
import { joinModes, parseModuleId } from '../../../simulator/devices/room/join-modes.ts';
import { fakeDevice } from './fake.ts';

describe('PartitionWall', () => {
  it('starts closed, settled, and moves when told', async () => {
    const wall = fakeDevice(partitionWall);
    expect(wall.state()).toEqual({ closed: true, changed_at: 0, moves: [] });
    wall.tick(5);
    await wall.exec('test_move', false);
    expect(wall.state()).toMatchObject({ closed: false, changed_at: wall.clock.ms });
  });

  it('bounces as a loose contact does: flips 200 ms apart, applied as the clock passes them', async () => {
    const wall = fakeDevice(partitionWall);
    const start = wall.clock.ms;
    await wall.exec('test_bounce', 3);
    expect(wall.state()).toMatchObject({ closed: false, changed_at: start });
    wall.clock.ms = start + BOUNCE_GAP_MS;
    expect(wall.state()).toMatchObject({ closed: true, changed_at: start + BOUNCE_GAP_MS });
    wall.clock.ms = start + 10 * BOUNCE_GAP_MS;
    expect(wall.state()).toEqual({ closed: false, changed_at: start + 2 * BOUNCE_GAP_MS, moves: [] });
  });

  it('refuses a bounce of nothing or of too many flips', async () => {
    const wall = fakeDevice(partitionWall);
    await expect(wall.exec('test_bounce', 0)).rejects.toThrow();
    await expect(wall.exec('test_bounce', 21)).rejects.toThrow();
  });
});

describe('join modes from settings', () => {
  it('keeps PlaceOS’s defaults: outputs merged, the secondary locked, no split on shutdown', () => {
    expect(joinModes({ join_modes: [{ id: 'ab', name: 'A + B', room_ids: ['a', 'b'] }] })).toEqual([
      {
        id: 'ab',
        name: 'A + B',
        room_ids: ['a', 'b'],
        system_id: null,
        merge_outputs: true,
        join_actions: [],
        split_actions: [],
        lock_secondary: true,
        split_on_shutdown: false,
      },
    ]);
  });

  it('leaves out, rather than breaking the room, a mode without an id, a name, two rooms, or a second use of an id', () => {
    const modes = joinModes({
      join_modes: [
        { name: 'No id', room_ids: ['a', 'b'] },
        { id: 'x', room_ids: ['a', 'b'] },
        { id: 'one', name: 'One room', room_ids: ['a', 'a'] },
        { id: 'ok', name: 'Fine', room_ids: ['a', 'b'], join_actions: [{ module_id: 'Mixer_1' }, 'junk'] },
        { id: 'ok', name: 'Again', room_ids: ['a', 'c'] },
        'junk',
      ],
    });
    expect(modes.map((m) => [m.id, m.name, m.join_actions])).toEqual([['ok', 'Fine', []]]);
    expect(joinModes({ join_modes: 'everything' })).toEqual([]);
  });

  it('reads a module id as PlaceOS writes it', () => {
    expect(parseModuleId('Mixer_1')).toEqual({ className: 'Mixer', index: 1 });
    expect(parseModuleId('Video_Wall_12')).toEqual({ className: 'Video_Wall', index: 12 });
    expect(parseModuleId('Mixer')).toBeNull();
    expect(parseModuleId('Mixer_0')).toBeNull();
  });
});
