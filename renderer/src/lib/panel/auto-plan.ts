import type { ModuleInfo } from '../layout/auto.ts';
import { controlsOf } from '../layout/auto.ts';
import type { ControlSpec } from '../layout/model.ts';
import {
  type Address,
  type GroupSpec,
  iconOf,
  inputLabel,
  type PageKind,
  type PageSpec,
  type PanelPlan,
  type PowerSpec,
  proofsOf,
  type SourceTile,
  type Step,
  type VolumeSpec,
} from './plan.ts';

/*
 * Any room works with no UI programming: the plan comes from the modules' classes, their funcs
 * (only methods the module offers become controls) and their state (inputs, scenes, channels).
 */

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

const first = (modules: ModuleInfo[], name: string) => modules.find((m) => m.module === name);
const all = (modules: ModuleInfo[], ...names: string[]) => modules.filter((m) => names.includes(m.module));
const at = (m: Address): Address => ({ module: m.module, index: m.index });
const titled = (m: ModuleInfo, name = m.module) => (m.count > 1 ? `${name} ${m.index}` : name);

/** Bounds of a method's last parameter, from its JSON Schema. */
function range(m: ModuleInfo, method: string, fallback: [number, number]): [number, number] {
  const f = m.funcs[method];
  const last = f?.order[f.order.length - 1];
  const schema =
    last === undefined ? undefined : (f?.params[last] as { minimum?: unknown; maximum?: unknown });
  const min = typeof schema?.minimum === 'number' ? schema.minimum : fallback[0];
  const max = typeof schema?.maximum === 'number' ? schema.maximum : fallback[1];
  return min < max ? [min, max] : fallback;
}

function roomLogicHome(logic: ModuleInfo): { home: SourceTile[]; power: PowerSpec | null } {
  const sources = logic.funcs.select_source ? strings(logic.state.sources) : [];
  const home = sources.map(
    (name, i): SourceTile => ({
      id: `source-${i + 1}`,
      label: name,
      icon: iconOf(name),
      // RoomLogic's select_source starts the room when it is off: one command, one answer.
      steps: [{ ...at(logic), command: { method: 'select_source', args: [name] } }],
      active: { ...at(logic), key: 'active', value: name },
      shownBy: proofsOf(logic.state, name),
    }),
  );
  const power: PowerSpec | null = logic.funcs.power
    ? {
        on: { ...at(logic), key: 'power', value: true },
        off: [{ ...at(logic), command: { method: 'power', args: [false] } }],
        reset: logic.funcs.reset_room
          ? { ...at(logic), command: { method: 'reset_room', args: [] } }
          : undefined,
      }
    : null;
  return { home, power };
}

/** No room logic: the main display's own inputs, each tile powering it on and switching to it. */
function displayHome(screens: ModuleInfo[]): { home: SourceTile[]; power: PowerSpec | null } {
  const main = screens.find((m) => m.funcs.power);
  if (!main) return { home: [], power: null };
  const inputs = main.funcs.input ? strings(main.state.inputs) : [];
  const on: Step = { ...at(main), command: { method: 'power', args: [true] } };
  const home = inputs.map(
    (name, i): SourceTile => ({
      id: `source-${i + 1}`,
      label: inputLabel(name),
      icon: iconOf(name),
      steps: [on, { ...at(main), command: { method: 'input', args: [name] } }],
      active: { ...at(main), key: 'input', value: name },
      shownBy: [
        { ...at(main), name: titled(main), key: 'power', value: true },
        { ...at(main), name: titled(main), key: 'input', value: name },
      ],
    }),
  );
  const off = screens
    .filter((m) => m.funcs.power)
    .map((m): Step => ({ ...at(m), command: { method: 'power', args: [false] } }));
  return { home, power: { on: { ...at(main), key: 'power', value: true }, off } };
}

/** The room's main mixer master when it has one, else the main display's volume. */
function programVolume(modules: ModuleInfo[]): VolumeSpec | null {
  const mixer = first(modules, 'Mixer');
  if (mixer?.funcs.master) {
    const [min, max] = range(mixer, 'master', [-100, 12]);
    return {
      ...at(mixer),
      id: 'program-volume',
      label: 'Volume',
      method: 'master',
      args: [],
      key: 'master',
      min,
      max,
      step: 1,
      unit: 'dB',
      taper: 'audio',
      limits: { min, max },
      mute: mixer.funcs.master_mute ? { method: 'master_mute', args: [], key: 'master_mute' } : undefined,
    };
  }
  const display = all(modules, 'Display').find((m) => m.funcs.volume);
  if (display) {
    const [min, max] = range(display, 'volume', [0, 100]);
    return {
      ...at(display),
      id: 'program-volume',
      label: 'Volume',
      method: 'volume',
      args: [],
      key: 'volume',
      min,
      max,
      step: 1,
      unit: '%',
      taper: 'linear',
      limits: { min, max },
      mute: display.funcs.mute ? { method: 'mute', args: [], key: 'mute' } : undefined,
    };
  }
  return null;
}

const KIND: Record<string, PageKind> = {
  Lighting: 'lights',
  Camera: 'camera',
  Mixer: 'audio',
  Blinds: 'blinds',
  Display: 'display',
  Projector: 'display',
  Switcher: 'display',
};

const PAGES: { kind: PageKind; title: string }[] = [
  { kind: 'lights', title: 'Lights' },
  { kind: 'camera', title: 'Camera' },
  { kind: 'audio', title: 'Audio' },
  { kind: 'blinds', title: 'Blinds' },
  { kind: 'display', title: 'Display' },
  { kind: 'more', title: 'More' },
];

/** What goes on a page: everything the module offers except what the home and the bar already do. */
function groupOf(m: ModuleInfo, volume: VolumeSpec | null): GroupSpec | null {
  const inBar = (c: ControlSpec) =>
    volume !== null &&
    c.module === volume.module &&
    c.index === volume.index &&
    (c.status === volume.key || (volume.mute !== undefined && c.status === volume.mute.key));
  const controls = controlsOf(m).filter((c) => !inBar(c));
  if (controls.length === 0) return null;
  // Lighting: scenes first (one touch sets the room), areas after.
  if (m.module === 'Lighting')
    controls.sort((a, b) => Number(a.type === 'level') - Number(b.type === 'level'));
  return {
    title: titled(m, m.module === 'Lighting' ? 'Lights' : m.module),
    controls,
    strips: m.module === 'Mixer' || m.module === 'Lighting',
  };
}

export function automaticPlan(modules: ModuleInfo[]): PanelPlan {
  const logic = first(modules, 'RoomLogic');
  const screens = all(modules, 'Display', 'Projector');
  const { home, power } = logic ? roomLogicHome(logic) : displayHome(screens);
  const volume = programVolume(modules);
  const bookingsModule = first(modules, 'Bookings');
  const grouped = new Map<PageKind, GroupSpec[]>();
  for (const m of modules) {
    if (m.module === 'RoomLogic' || m.module === 'Bookings') continue;
    // With room logic the source tiles route the switcher; a raw matrix is for the technician tools.
    if (m.module === 'Switcher' && logic) continue;
    const group = groupOf(m, volume);
    if (group === null) continue;
    const kind = KIND[m.module] ?? 'more';
    grouped.set(kind, [...(grouped.get(kind) ?? []), group]);
  }
  const pages: PageSpec[] = [
    { id: 'sources', title: 'Sources', kind: 'sources', groups: [] },
    ...PAGES.filter((p) => grouped.has(p.kind)).map((p) => ({
      id: p.kind,
      title: p.title,
      kind: p.kind,
      groups: grouped.get(p.kind) ?? [],
    })),
  ];
  return {
    source: 'automatic',
    home,
    power,
    volume,
    pages: home.length > 0 ? pages : pages.slice(1),
    bookings: bookingsModule ? at(bookingsModule) : null,
    problems: [],
  };
}
