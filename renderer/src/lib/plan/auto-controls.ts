import type { Funcs, ModuleState } from '#contract';
import type { MessageKey } from '#locales';
import type { ControlSpec, LevelSpec, SelectSpec, ToggleSpec } from '../layout/model.ts';
import { t } from '../i18n/i18n.svelte.ts';
import { paramRange } from './param-range.ts';
import { inputLabel } from './plan.ts';

/*
 * Every control a module offers, with no UI programming: known device classes get the controls
 * people expect, anything else gets a big button per method that takes no arguments. Controls only
 * appear for methods the module's funcs actually offer, and lists (inputs, scenes…) come from its
 * state. The automatic plan (auto-plan.ts) sorts them into the user's pages and the engineer's.
 */

export interface ModuleInfo {
  module: string;
  index: number;
  /** How many modules of this class the room has (to title "Display 2" only when it matters). */
  count: number;
  funcs: Funcs;
  state: ModuleState;
  /** A logic module (the service's role 3): the room's own automation, whatever its class name. */
  logic?: boolean | undefined;
}

type Profile = (m: ModuleInfo, id: (name: string) => string) => ControlSpec[];

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

const numbered = (state: ModuleState, prefix: string): number[] =>
  Object.keys(state)
    .map((k) => new RegExp(`^${prefix}_(\\d+)$`).exec(k)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);

/**
 * The values a one-text-parameter method takes, as the module names them: its funcs' `enum`, a list
 * in its state (`inputs` for `input(source)`, `modes` for `set_mode(mode)`), or at least the value
 * it reports now. A free-text input becomes a choice of what the device itself says, never a field
 * to type into on a wall panel.
 */
export function knownValues(m: ModuleInfo, method: string, withCurrent = true): string[] {
  const f = m.funcs[method];
  if (!f || f.order.length !== 1) return [];
  const param = f.order[0]!;
  const schema = f.params[param] as { enum?: unknown; type?: unknown } | undefined;
  if (schema?.type !== undefined && schema.type !== 'string') return [];
  const listed = strings(schema?.enum);
  if (listed.length > 0) return listed;
  const noun = method.replace(/^(set|select|choose)_/, '');
  for (const key of [`${noun}s`, `${param}s`, `${method}s`]) {
    const list = strings(m.state[key]);
    if (list.length > 0) return list;
  }
  const now = [m.state[noun], m.state[param]].find((v): v is string => typeof v === 'string' && v !== '');
  return now === undefined || !withCurrent ? [] : [now];
}

const base = (m: ModuleInfo, id: string, label: string) => ({ id, label, module: m.module, index: m.index });

function power(m: ModuleInfo, id: string, label = t('room.plan.control.power')): ToggleSpec[] {
  if (!m.funcs.power) return [];
  return [
    {
      ...base(m, id, label),
      type: 'toggle',
      on: { method: 'power', args: [true] },
      off: { method: 'power', args: [false] },
      onWhen: true,
      status: 'power',
    },
  ];
}

function onOff(
  m: ModuleInfo,
  id: string,
  label: string,
  method: string,
  status: string,
  pre: unknown[] = [],
) {
  if (!m.funcs[method]) return [];
  const spec: ToggleSpec = {
    ...base(m, id, label),
    type: 'toggle',
    on: { method, args: [...pre, true] },
    off: { method, args: [...pre, false] },
    onWhen: true,
    status,
  };
  return [spec];
}

function choose(
  m: ModuleInfo,
  id: string,
  label: string,
  method: string,
  status: string,
  names: string[],
  labelOf: (name: string) => string = (n) => n,
) {
  if (!m.funcs[method] || names.length === 0) return [];
  const spec: SelectSpec = {
    ...base(m, id, label),
    type: 'select',
    method,
    status,
    options: names.map((name) => ({ label: labelOf(name), args: [name], value: name })),
  };
  return [spec];
}

function level(
  m: ModuleInfo,
  id: string,
  label: string,
  method: string,
  status: string,
  opts: {
    pre?: unknown[];
    step: number;
    style?: 'slider' | 'steps';
    unit?: string;
    fallback?: [number, number];
  },
): LevelSpec[] {
  if (!m.funcs[method]) return [];
  const [min, max] = paramRange(m.funcs, method, opts.fallback ?? [0, 100]);
  return [
    {
      ...base(m, id, label),
      type: 'level',
      method,
      args: opts.pre ?? [],
      status,
      min,
      max,
      step: opts.step,
      style: opts.style ?? 'slider',
      unit: opts.unit,
    },
  ];
}

function numberedButtons(m: ModuleInfo, id: (n: string) => string, method: string, names: string[]) {
  if (!m.funcs[method]) return [];
  return names.map(
    (name, i): ControlSpec => ({
      ...base(m, id(`${method}-${i + 1}`), name),
      type: 'button',
      command: { method, args: [i + 1] },
      status: method,
      activeWhen: i + 1,
    }),
  );
}

/** The blinds' three buttons. */
const BLINDS_WORDS = {
  up: 'room.plan.control.up',
  stop: 'room.plan.control.stop',
  down: 'room.plan.control.down',
} as const satisfies Record<'up' | 'stop' | 'down', MessageKey>;

/** A mixer channel's name (its `channels` state), for the toggle that mutes channel `n` (1-based). */
export function channelName(m: ModuleInfo, n: unknown): string | undefined {
  return typeof n === 'number' ? strings(m.state.channels)[n - 1] : undefined;
}

/** What every screen offers first, displays and projectors alike: its power and its input. */
const screen: Profile = (m, id) => [
  ...power(m, id('power')),
  ...choose(
    m,
    id('input'),
    t('room.plan.control.input'),
    'input',
    'input',
    knownValues(m, 'input'),
    inputLabel,
  ),
];

const profiles: Record<string, Profile> = {
  Display: (m, id) => [
    ...screen(m, id),
    ...level(m, id('volume'), t('room.plan.control.volume'), 'volume', 'volume', { step: 5, unit: '%' }),
    ...onOff(m, id('mute'), t('room.plan.control.mute'), 'mute', 'mute'),
  ],
  Projector: (m, id) => [
    ...screen(m, id),
    ...onOff(m, id('mute'), t('room.plan.control.avMute'), 'mute', 'mute'),
  ],
  Switcher: (m, id) => {
    const inputs = typeof m.state.inputs === 'number' ? m.state.inputs : 0;
    const outputs = numbered(m.state, 'output');
    if (!m.funcs.route || inputs < 1) return [];
    return outputs.map(
      (o): SelectSpec => ({
        ...base(m, id(`output-${o}`), t('room.plan.control.output', { number: o })),
        type: 'select',
        method: 'route',
        status: `output_${o}`,
        options: Array.from({ length: inputs }, (_, i) => ({
          label: t('room.plan.control.inputNumber', { number: i + 1 }),
          args: [i + 1, o],
          value: i + 1,
        })),
      }),
    );
  },
  Lighting: (m, id) => [
    ...numberedButtons(m, id, 'scene', strings(m.state.scenes)),
    ...numbered(m.state, 'area').flatMap((a) =>
      level(m, id(`area-${a}`), t('room.plan.control.area', { number: a }), 'level', `area_${a}`, {
        pre: [a],
        step: 10,
        unit: '%',
      }),
    ),
  ],
  Blinds: (m, id) =>
    (['up', 'stop', 'down'] as const)
      .filter((method) => m.funcs[method])
      .map(
        (method): ControlSpec => ({
          ...base(m, id(method), t(BLINDS_WORDS[method])),
          type: 'button',
          command: { method, args: [] },
        }),
      ),
  Camera: (m, id) => [
    ...power(m, id('power')),
    ...numberedButtons(m, id, 'preset', strings(m.state.presets)),
    ...level(m, id('zoom'), t('room.plan.control.zoom'), 'zoom', 'zoom', {
      step: 10,
      style: 'steps',
      unit: '%',
    }),
  ],
  Mixer: (m, id) => {
    const names = strings(m.state.channels);
    const gain = { step: 1, unit: 'dB', fallback: [-100, 12] as [number, number] };
    return [
      ...level(m, id('master'), t('room.plan.control.master'), 'master', 'master', gain),
      ...onOff(m, id('master-mute'), t('room.plan.control.masterMute'), 'master_mute', 'master_mute'),
      ...names.flatMap((name, i) => [
        ...level(m, id(`fader-${i + 1}`), name, 'fader', `fader_${i + 1}`, { ...gain, pre: [i + 1] }),
        ...onOff(
          m,
          id(`mute-${i + 1}`),
          t('room.plan.control.channelMute', { channel: name }),
          'mute',
          `mute_${i + 1}`,
          [i + 1],
        ),
      ]),
    ];
  },
};

const words = (method: string) => {
  const text = method.replace(/^set_/, '').replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const isBoolean = (m: ModuleInfo, method: string) => {
  const f = m.funcs[method];
  const schema = f?.order.length === 1 ? (f.params[f.order[0]!] as { type?: unknown }) : undefined;
  return schema?.type === 'boolean' || (method === 'power' && f?.order.length === 1);
};

/**
 * Anything unknown: power and other on/off methods as toggles, a one-text-parameter method as a
 * choice of the values the module names, and a big button per method that needs no arguments.
 */
const generic: Profile = (m, id) =>
  Object.entries(m.funcs).flatMap(([method, f]): ControlSpec[] => {
    if (f.arity === 0) {
      return [{ ...base(m, id(method), words(method)), type: 'button', command: { method, args: [] } }];
    }
    if (isBoolean(m, method)) {
      const status = method in m.state ? method : undefined;
      return status === undefined ? [] : onOff(m, id(method), words(method), method, status);
    }
    const status = [method.replace(/^(set|select|choose)_/, ''), f.order[0]!].find((k) => k in m.state);
    const label = (v: string) =>
      method === 'input' ? inputLabel(v) : v.charAt(0).toUpperCase() + v.slice(1);
    return choose(m, id(method), words(method), method, status ?? method, knownValues(m, method), label);
  });

/** The controls one module offers, with ids unique in the room. */
export function controlsOf(m: ModuleInfo): ControlSpec[] {
  const profile = profiles[m.module] ?? generic;
  return profile(m, (name: string) => `auto-${m.module}-${m.index}-${name}`);
}

/** A method the panel may call with no arguments (none, or every one with a default). */
const callsBare = (m: ModuleInfo, method: string): boolean => {
  const f = m.funcs[method];
  return (
    f?.order.every((p) => {
      const schema = f.params[p];
      return typeof schema === 'object' && schema !== null && 'default' in schema;
    }) === true
  );
};

/**
 * A lecture capture recorder, whatever its class name or vendor: it records, pauses and stops on
 * a bare call, and says what it is doing in its `state`. It gets the panel's own Record control and
 * REC light rather than a page of buttons.
 */
export function isRecorder(m: ModuleInfo): boolean {
  return (
    callsBare(m, 'record') &&
    callsBare(m, 'pause') &&
    callsBare(m, 'stop') &&
    typeof m.state.state === 'string'
  );
}

/** Resume when the recorder has it; else its Record takes a paused recording on. */
export const resumeMethod = (m: ModuleInfo): 'resume' | 'record' =>
  callsBare(m, 'resume') ? 'resume' : 'record';
