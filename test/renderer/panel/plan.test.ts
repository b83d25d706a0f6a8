import { describe, expect, it } from 'vitest';
import type { Funcs } from '#contract';
import { parseCustomLayout } from '../../../renderer/src/lib/layout/custom.ts';
import type { ModuleInfo } from '../../../renderer/src/lib/plan/auto-controls.ts';
import { automaticPlan } from '../../../renderer/src/lib/plan/auto-plan.ts';
import { planFrom } from '../../../renderer/src/lib/plan/build-plan.ts';
import { type PanelPlan, watchedModules } from '../../../renderer/src/lib/plan/plan.ts';

/** The plan from a room's settings.panel as the panel reads it on load. */
const buildPlan = (panel: unknown, types: Record<string, number>, modules: ModuleInfo[]): PanelPlan =>
  planFrom(parseCustomLayout(panel, types), modules);

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
    // Curated for the lecturer: no page of projector power and inputs, no page of mixer faders.
    expect(plan.pages.map((p) => p.title)).toEqual(['Sources', 'Lights', 'Cameras', 'Mics']);
    expect(plan.bookings).toEqual({ module: 'Bookings', index: 1 });
  });

  it('polls the room’s own state on the welcome screen, and in use only the shown page’s modules and the volume', () => {
    const keys = (page: string | null) =>
      watchedModules(plan, page === null ? null : (plan.pages.find((p) => p.title === page) ?? null))
        .map((a) => `${a.module} ${a.index}`)
        .sort();
    expect(keys(null)).toEqual(['Bookings 1', 'RoomLogic 1']);
    expect(keys('Sources')).toEqual(['Bookings 1', 'Mixer 1', 'RoomLogic 1']);
    expect(keys('Cameras')).toEqual(['Bookings 1', 'Camera 1', 'Camera 2', 'Mixer 1', 'RoomLogic 1']);
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

  it('gives the lecturer mic levels and mutes, scenes and presets, and keeps power and raw inputs for the engineer', () => {
    const described = (groups: { title: string; controls: { type: string; label: string }[] }[]) =>
      groups.map((g) => `${g.title}: ${g.controls.map((c) => `${c.type}:${c.label}`).join(', ')}`);
    const user = plan.pages.flatMap((p) => p.groups);
    expect(described(user)).toEqual([
      'Lights: button:Off, button:Full',
      'Camera 1: button:Wide',
      'Camera 2: button:Wide',
      'Microphones: level:Lectern, toggle:Lectern, level:Radio 1, toggle:Radio 1',
    ]);
    expect(user.find((g) => g.title === 'Microphones')?.mutes).toBe(true);
    expect(described(plan.advanced)).toEqual([
      'Mixer: level:Lectern, toggle:Lectern mute, level:Radio 1, toggle:Radio 1 mute',
      'Projector: toggle:Power, select:Input',
      'Camera 1: toggle:Power',
      'Camera 2: toggle:Power',
      'Lights: level:Area 3',
    ]);
  });

  it('keeps playback and far-end channels off the microphone page', () => {
    const mixer = auditorium[1]!;
    const boardroom = automaticPlan([
      {
        ...mixer,
        state: { ...mixer.state, channels: ['Lectern', 'Ceiling mics', 'Laptop audio', 'VC far end'] },
      },
    ]);
    expect(boardroom.pages.flatMap((p) => p.groups.flatMap((g) => g.controls.map((c) => c.label)))).toEqual([
      'Lectern',
      'Lectern',
      'Ceiling mics',
      'Ceiling mics',
    ]);
  });

  it('shows the engineer’s controls on an Advanced page only where settings.panel asks for it', () => {
    const types = { RoomLogic: 1, Mixer: 1, Projector: 1, Camera: 2, Lighting: 1, Bookings: 1 };
    const withAdvanced = buildPlan({ advanced: true }, types, auditorium);
    expect(withAdvanced.problems).toEqual([]);
    expect(withAdvanced.pages.map((p) => p.title)).toEqual([
      'Sources',
      'Lights',
      'Cameras',
      'Mics',
      'Advanced',
    ]);
    expect(withAdvanced.pages.at(-1)?.groups.map((g) => g.title)).toContain('Mixer');
    expect(buildPlan({ advanced: 'yes' }, types, auditorium).problems).toEqual([
      { path: '/advanced', reason: 'must be true or false' },
    ]);
  });

  it('gives a room without readable sources Room on/off from its logic and each device’s controls', () => {
    const display = (index: number, input: string): ModuleInfo =>
      info(
        'Display',
        { power: fn(['state', { type: 'boolean' }]), input: fn(['source', { type: 'string' }]) },
        { power: false, input },
        index,
        2,
      );
    const foreign = automaticPlan([
      {
        ...info(
          'System',
          { power: fn(['state', { type: 'boolean' }]), set_mode: fn(['mode', { type: 'string' }]) },
          { power: false, mode: 'presentation' },
        ),
        logic: true,
      },
      display(1, 'HDMI1'),
      display(2, 'HDMI2'),
    ]);
    expect(foreign.home).toEqual([]);
    expect(foreign.power?.on).toEqual({ module: 'System', index: 1, key: 'power', value: true });
    expect(foreign.power?.start?.map((s) => `${s.module}.${s.command.method}(${s.command.args})`)).toEqual([
      'System.power(true)',
    ]);
    // A choice of one (the mode or input the device shows now) is state, not a button: the
    // engineer's, on the Advanced page; the people get each display's power.
    expect(foreign.pages.map((p) => p.title)).toEqual(['Display']);
    const controls = foreign.pages.flatMap((p) =>
      p.groups.map((g) => `${g.title}: ${g.controls.map((c) => c.label).join(', ')}`),
    );
    expect(controls).toEqual(['Display 1: Power', 'Display 2: Power']);
    const advanced = foreign.advanced.map((g) => `${g.title}: ${g.controls.map((c) => c.label).join(', ')}`);
    expect(advanced).toEqual(['Room: Power, Mode', 'Display 1: Input', 'Display 2: Input']);
    // The free-text input is offered there as the values the display names (here, the one it shows).
    const input = foreign.advanced[1]!.controls[0]!;
    expect(input).toMatchObject({
      type: 'select',
      method: 'input',
      options: [{ label: 'HDMI 1', args: ['HDMI1'] }],
    });
  });

  it('without room logic, Room on switches every display on, and an input list in the funcs becomes the tiles', () => {
    const screen = (index: number): ModuleInfo =>
      info(
        'Display',
        {
          power: fn(['state', { type: 'boolean' }]),
          input: fn(['source', { type: 'string', enum: ['hdmi1', 'dp1'] }]),
        },
        { power: false, input: 'hdmi1' },
        index,
        2,
      );
    const room = automaticPlan([screen(1), screen(2)]);
    expect(room.home.map((t) => t.label)).toEqual(['HDMI 1', 'DisplayPort 1'.replace('DisplayPort', 'DP')]);
    expect(room.power?.start?.map((s) => `${s.module} ${s.index}`)).toEqual(['Display 1', 'Display 2']);
    expect(room.power?.off.map((s) => `${s.module} ${s.index}`)).toEqual(['Display 1', 'Display 2']);
  });
});

describe('a lecture capture recorder in the plan', () => {
  const recorderFuncs = (extra: Funcs = {}): Funcs => ({
    record: fn(['title', { type: 'string', default: 'Recording' }]),
    pause: fn(),
    stop: fn(),
    ...extra,
  });

  it('is the Record control and the REC light, watched on every page, not a page of buttons', () => {
    const plan = automaticPlan([
      ...auditorium,
      info('Recorder', recorderFuncs({ resume: fn() }), { state: 'idle' }),
    ]);
    expect(plan.recorder).toEqual({ module: 'Recorder', index: 1, resume: 'resume' });
    expect(plan.pages.map((p) => p.title)).toEqual(['Sources', 'Lights', 'Cameras', 'Mics']);
    expect(watchedModules(plan, null)).toContainEqual({ module: 'Recorder', index: 1 });
  });

  it('is found by its methods whatever its class: a foreign capture agent without resume records again', () => {
    const plan = automaticPlan([
      ...auditorium,
      info('CaptureAgent', recorderFuncs(), { state: 'recording' }),
    ]);
    expect(plan.recorder).toEqual({ module: 'CaptureAgent', index: 1, resume: 'record' });
    // A record that needs a title the panel cannot give is not a recorder the panel can drive.
    const needsTitle = automaticPlan([
      ...auditorium,
      info('CaptureAgent', recorderFuncs({ record: fn(['title', { type: 'string' }]) }), { state: 'idle' }),
    ]);
    expect(needsTitle.recorder).toBeNull();
  });
});
