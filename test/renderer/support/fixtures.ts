import type { Funcs, ModuleState } from '#contract';
import type { ModuleInfo } from '../../../renderer/src/lib/plan/auto-controls.ts';

/** Funcs as the service describes them (JSON Schema parameters), for the demo device classes. */
const bool = { type: 'boolean' };
const percent = { type: 'integer', minimum: 0, maximum: 100 };
const ordinal = { type: 'integer', minimum: 1 };
const gain = { type: 'integer', minimum: -100, maximum: 12 };
const text = { type: 'string', minLength: 1 };
const f = (params: Record<string, unknown>) => ({
  arity: Object.keys(params).length,
  params,
  order: Object.keys(params),
});

export const FUNCS: Record<string, Funcs> = {
  Display: {
    power: f({ state: bool }),
    input: f({ name: text }),
    volume: f({ level: percent }),
    mute: f({ state: bool }),
  },
  Projector: { power: f({ state: bool }), input: f({ name: text }), mute: f({ state: bool }) },
  Switcher: { route: f({ input: ordinal, output: ordinal }) },
  Lighting: { scene: f({ number: ordinal }), level: f({ area: ordinal, level: percent }) },
  Blinds: { up: f({}), down: f({}), stop: f({}) },
  Camera: {
    power: f({ state: bool }),
    preset: f({ number: ordinal }),
    save_preset: f({ number: ordinal }),
    zoom: f({ level: percent }),
  },
  Mixer: {
    fader: f({ channel: ordinal, level: gain }),
    mute: f({ channel: ordinal, state: bool }),
    master: f({ level: gain }),
    master_mute: f({ state: bool }),
  },
  RoomLogic: { power: f({ state: bool }), select_source: f({ name: text }) },
};

export const STATES: Record<string, ModuleState> = {
  Display: { power: false, input: 'hdmi1', inputs: ['hdmi1', 'hdmi2', 'usb-c'], volume: 30, mute: false },
  Projector: {
    power: false,
    warming: false,
    cooling: false,
    transition_seconds: 0,
    transition_remaining: 0,
    input: 'hdmi1',
    inputs: ['hdmi1', 'hdmi2', 'hdbaset'],
    mute: false,
  },
  Switcher: { inputs: 4, outputs: 2, routes: { 1: 1, 2: 2 }, output_1: 1, output_2: 2 },
  Lighting: {
    scenes: ['Off', 'Presentation', 'Meeting', 'Full'],
    scene: 1,
    scene_name: 'Off',
    area_1: 0,
    area_2: 0,
  },
  Blinds: { position: 0, moving: null },
  Camera: { power: false, preset: null, presets: ['Presenter', 'Audience', 'Wide'], zoom: 0 },
  Mixer: {
    channels: ['Lectern', 'Ceiling mics'],
    fader_1: 0,
    fader_2: 0,
    mute_1: false,
    mute_2: false,
    master: 0,
    master_mute: false,
  },
  RoomLogic: {
    power: false,
    active: null,
    sources: ['Laptop', 'Room PC', 'Wireless'],
    help: 'Call **4357**.',
  },
};

export function moduleInfo(
  module: string,
  index = 1,
  count = 1,
  overrides: Partial<ModuleInfo> = {},
): ModuleInfo {
  return {
    module,
    index,
    count,
    funcs: FUNCS[module] ?? {},
    state: STATES[module] ?? {},
    ...overrides,
  };
}

/** Innovation Lab's layout, as in the issue (and the simulator's demo building). */
export const INNOVATION_LAB_PANEL = {
  title: 'Innovation Lab',
  sections: [
    {
      title: 'Display',
      controls: [
        {
          type: 'toggle',
          label: 'Screen',
          module: 'Display',
          index: 1,
          on: { method: 'power', args: [true] },
          off: { method: 'power', args: [false] },
          status: 'power',
        },
        {
          type: 'select',
          label: 'Source',
          module: 'Display',
          method: 'input',
          status: 'input',
          options: [
            { label: 'Laptop', args: ['hdmi1'] },
            { label: 'Room PC', args: ['hdmi2'] },
          ],
        },
        {
          type: 'level',
          label: 'Volume',
          module: 'Display',
          method: 'volume',
          status: 'volume',
          min: 0,
          max: 100,
          step: 5,
          style: 'slider',
        },
        {
          type: 'button',
          label: 'Presentation',
          module: 'Lighting',
          method: 'scene',
          args: [2],
          status: 'scene',
          activeWhen: 2,
        },
      ],
    },
  ],
};
