import { describe, expect, it } from 'vitest';
import type { Funcs } from '#contract';
import type { ModuleInfo } from '../../../renderer/src/lib/layout/auto.ts';
import { automaticPlan } from '../../../renderer/src/lib/panel/auto-plan.ts';
import { buildPlan } from '../../../renderer/src/lib/layout/from-settings.ts';
import { watchedModules } from '../../../renderer/src/lib/panel/plan.ts';

const fn = (...params: [string, object][]): Funcs[string] => ({
  arity: params.length,
  params: Object.fromEntries(params),
  order: params.map(([n]) => n),
});
const info = (
  module: string,
  funcs: Funcs,
  state: Record<string, unknown>,
  index = 1,
  count = 1,
): ModuleInfo => ({
  module,
  index,
  count,
  funcs,
  state,
});

const auditorium: ModuleInfo[] = [
  info(
    'RoomLogic',
    { power: fn(['state', {}]), select_source: fn(['name', {}]) },
    { power: false, sources: ['Laptop', 'Room PC'] },
  ),
  info(
    'Mixer',
    {
      master: fn(['level', { minimum: -100, maximum: 12 }]),
      master_mute: fn(['state', {}]),
      fader: fn(['channel', {}], ['level', { minimum: -100, maximum: 12 }]),
      mute: fn(['channel', {}], ['state', {}]),
    },
    { channels: ['Lectern', 'Radio 1'], master: 0, fader_1: 0, fader_2: 0 },
  ),
  info(
    'Projector',
    { power: fn(['state', {}]), input: fn(['name', {}]) },
    { power: false, inputs: ['hdmi1'] },
  ),
  info('Camera', { power: fn(['state', {}]), preset: fn(['n', {}]) }, { presets: ['Wide'] }, 1, 2),
  info('Camera', { power: fn(['state', {}]), preset: fn(['n', {}]) }, { presets: ['Wide'] }, 2, 2),
  info(
    'Lighting',
    { scene: fn(['n', {}]), level: fn(['area', {}], ['level', {}]) },
    { scenes: ['Off', 'Full'], area_3: 0 },
  ),
  info('Bookings', { book_now: fn(['minutes', {}]) }, { status: 'free' }),
];

describe('the panel plan', () => {
  const plan = automaticPlan(auditorium);

  it('starts the room with source tiles through room logic, with the mixer master as the program volume', () => {
    expect(plan.home.map((t) => [t.label, t.steps.map((s) => s.command.method)])).toEqual([
      ['Laptop', ['select_source']],
      ['Room PC', ['select_source']],
    ]);
    expect(plan.volume).toMatchObject({
      module: 'Mixer',
      method: 'master',
      taper: 'audio',
      min: -100,
      max: 12,
    });
    expect(plan.pages.map((p) => p.title)).toEqual(['Sources', 'Lights', 'Camera', 'Audio', 'Display']);
    expect(plan.bookings).toEqual({ module: 'Bookings', index: 1 });
  });

  it('polls the room’s own state on the welcome screen, and in use only the shown page’s modules and the volume', () => {
    const keys = (page: string | null) =>
      watchedModules(plan, page === null ? null : (plan.pages.find((p) => p.title === page) ?? null))
        .map((a) => `${a.module} ${a.index}`)
        .sort();
    expect(keys(null)).toEqual(['Bookings 1', 'RoomLogic 1']);
    expect(keys('Sources')).toEqual(['Bookings 1', 'Mixer 1', 'RoomLogic 1']);
    expect(keys('Camera')).toEqual(['Bookings 1', 'Camera 1', 'Camera 2', 'Mixer 1', 'RoomLogic 1']);
    expect(keys('Lights')).not.toContain('Camera 1');
  });

  it('takes home, power and volume from a version 2 layout, with the installer’s limits', () => {
    const custom = buildPlan(
      {
        version: 2,
        home: {
          sources: [
            { label: 'Lectern PC', module: 'Projector', method: 'input', args: ['hdmi1'], status: 'input' },
          ],
        },
        power: {
          module: 'Projector',
          status: 'power',
          on: { method: 'power', args: [true] },
          off: { method: 'power', args: [false] },
        },
        volume: {
          module: 'Mixer',
          method: 'master',
          status: 'master',
          min: -100,
          max: 12,
          unit: 'dB',
          limits: { min: -60, max: 0, default: -20 },
        },
        pages: [
          {
            title: 'Cameras',
            sections: [
              {
                title: 'Camera 1',
                controls: [{ type: 'button', label: 'Wide', module: 'Camera', method: 'preset', args: [1] }],
              },
            ],
          },
        ],
      },
      { RoomLogic: 1, Mixer: 1, Projector: 1, Camera: 2, Lighting: 1, Bookings: 1 },
      auditorium,
    );
    expect(custom.source).toBe('custom');
    expect(custom.home[0]).toMatchObject({ label: 'Lectern PC', icon: 'pc' });
    expect(custom.home[0]?.steps.map((s) => `${s.module}.${s.command.method}(${s.command.args})`)).toEqual([
      'Projector.power(true)',
      'Projector.input(hdmi1)',
    ]);
    expect(custom.volume).toMatchObject({ taper: 'audio', limits: { min: -60, max: 0 }, startLevel: -20 });
    expect(custom.pages.map((p) => [p.title, p.kind])).toEqual([
      ['Sources', 'sources'],
      ['Cameras', 'camera'],
    ]);
  });

  it('names a v2 layout’s mistakes and falls back to the automatic plan', () => {
    const broken = buildPlan(
      {
        version: 2,
        volume: {
          module: 'Mixer',
          method: 'master',
          status: 'master',
          min: -100,
          max: 12,
          limits: { default: 20 },
        },
        pages: [],
      },
      { Mixer: 1 },
      auditorium,
    );
    expect(broken.source).toBe('automatic');
    expect(broken.problems.map((p) => p.path)).toEqual(['/volume/limits/default', '/pages']);
  });
});
