import { describe, expect, it } from 'vitest';
import type { Module } from '#contract';
import {
  deleteCascade,
  deleteQuestion,
  startStopSkips,
} from '../../../renderer/src/lib/technician/systems/cascade.ts';

const mod = (id: string, name: string, extra: Partial<Module> = {}): Module =>
  ({
    id,
    name,
    dependency_id: `dep-${id}`,
    role: 1,
    running: true,
    connected: true,
    ignore_connected: false,
    ignore_startstop: false,
    ...extra,
  }) as unknown as Module;

describe('what deleting a room takes with it', () => {
  it('names the modules that go and those other rooms keep', () => {
    const modules = [mod('a', 'Display'), mod('b', 'Lighting'), mod('c', 'Camera')];
    const cascade = deleteCascade(modules, { a: 1, b: 3, c: 2 });
    expect(cascade.goes).toEqual(['Display 1']);
    expect(cascade.stays).toEqual([
      { label: 'Lighting 1', otherRooms: 2 },
      { label: 'Camera 1', otherRooms: 1 },
    ]);
    const question = deleteQuestion('Boardroom', cascade);
    expect(question).toContain('Delete Boardroom?');
    expect(question).toContain('This module is stopped and deleted with it: Display 1.');
    expect(question).toContain('Lighting 1 (2 other rooms) and Camera 1 (1 other room)');
  });

  it('says so when no module goes', () => {
    expect(deleteQuestion('Lab', deleteCascade([mod('a', 'Gateway')], { a: 2 }))).toContain(
      'No module goes with it.',
    );
  });

  it('lists the modules start and stop leave alone', () => {
    expect(startStopSkips([mod('a', 'Display'), mod('b', 'Gateway', { ignore_startstop: true })])).toEqual([
      'Gateway 1',
    ]);
  });
});
