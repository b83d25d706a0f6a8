import type { ControlSpec } from '../layout/model.ts';
import type { MessageKey } from '#locales';
import { t } from '../i18n/i18n.svelte.ts';
import {
  channelName,
  controlsOf,
  isRecorder,
  knownValues,
  type ModuleInfo,
  resumeMethod,
} from './auto-controls.ts';
import { PAGE_KINDS, type PageKind } from '../layout/page-kinds.ts';
import { paramRange } from './param-range.ts';
import { callOf } from './call-spec.ts';
import { kindWord } from '../words/kind-words.ts';
import {
  type Address,
  type GroupSpec,
  iconOf,
  inputLabel,
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
 *
 * The pages are curated for the people who use the room, not the people who installed it: sources,
 * one program volume and mute, microphone mutes, lighting scenes, blinds, camera presets. What an
 * engineer sets (mixer faders, raw inputs and routes, camera and display power, second volumes,
 * lighting areas) is kept apart as `advanced`: the technician's, or an "Advanced" page that a
 * room's settings.panel switches on. A room whose sources the panel cannot read gets each
 * device's controls instead, so there is always something to press.
 */

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

const first = (modules: ModuleInfo[], name: string) => modules.find((m) => m.module === name);
const all = (modules: ModuleInfo[], ...names: string[]) => modules.filter((m) => names.includes(m.module));
const at = (m: Address): Address => ({ module: m.module, index: m.index });
const titled = (m: ModuleInfo, name = kindWord(m.module)) =>
  m.count > 1 ? t('room.plan.numbered', { name, number: m.index }) : name;
const same = (a: Address, b: Address) => a.module === b.module && a.index === b.index;

/**
 * The room's own automation: RoomLogic, else a module the service marks as logic (another
 * vendor's, whatever its class name), else one named like it. It must offer `power`.
 */
function logicOf(modules: ModuleInfo[]): ModuleInfo | undefined {
  const room = first(modules, 'RoomLogic');
  if (room) return room;
  return (
    modules.find((m) => m.logic === true && m.funcs.power) ??
    modules.find((m) => /logic/i.test(m.module) && m.funcs.power)
  );
}

/** Values named as a list (funcs `enum` or a state list), not merely the one shown now. */
const listedValues = (m: ModuleInfo, method: string): string[] => knownValues(m, method, false);

function roomLogicHome(logic: ModuleInfo): { home: SourceTile[]; power: PowerSpec | null } {
  const sources = logic.funcs.select_source
    ? strings(logic.state.sources).length > 0
      ? strings(logic.state.sources)
      : listedValues(logic, 'select_source')
    : [];
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
        start: [{ ...at(logic), command: { method: 'power', args: [true] } }],
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
  const powered = screens.filter((m) => m.funcs.power);
  const main = powered[0];
  if (!main) return { home: [], power: null };
  const inputs = main.funcs.input ? listedValues(main, 'input') : [];
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
  const each = (state: boolean) =>
    powered.map((m): Step => ({ ...at(m), command: { method: 'power', args: [state] } }));
  return {
    home,
    power: { on: { ...at(main), key: 'power', value: true }, start: each(true), off: each(false) },
  };
}

/** The room's main mixer master when it has one, else the main display's volume. */
function programVolume(modules: ModuleInfo[]): VolumeSpec | null {
  const mixer = first(modules, 'Mixer');
  if (mixer?.funcs.master) {
    const [min, max] = paramRange(mixer.funcs, 'master', [-100, 12]);
    return {
      ...at(mixer),
      id: 'program-volume',
      label: t('room.plan.control.volume'),
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
    const [min, max] = paramRange(display.funcs, 'volume', [0, 100]);
    return {
      ...at(display),
      id: 'program-volume',
      label: t('room.plan.control.volume'),
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

/** Each page's title on its tab. */
export const PAGE_TITLE = {
  sources: 'room.plan.page.sources',
  call: 'room.plan.page.call',
  room: 'room.plan.page.room',
  lights: 'room.plan.page.lights',
  camera: 'room.plan.page.camera',
  // "Mics", as AV panels say it: "Microphones" does not fit a tab beside six others on a 7" panel.
  audio: 'room.plan.page.audio',
  blinds: 'room.plan.page.blinds',
  display: 'room.plan.page.display',
  more: 'room.plan.page.more',
  advanced: 'room.plan.page.advanced',
} as const satisfies Record<PageKind, MessageKey>;

/** Channels people speak into; playback, far-end and computer audio are the engineer's to set. */
const MICROPHONE =
  /mic|lectern|podium|radio|lapel|lavalier|handheld|headset|panel|presenter|audience|speaker\b/i;
const NOT_MICROPHONE = /playback|laptop|computer|\bpc\b|far.?end|\bvc\b|program|music|media|line|aux|usb/i;
const isMicrophone = (name: string) => MICROPHONE.test(name) && !NOT_MICROPHONE.test(name);

interface Context {
  /** The room starts with source tiles: raw inputs and display power are theirs and Room on/off's. */
  tiles: boolean;
  volume: VolumeSpec | null;
  /** The module whose power is the room's (its own power toggle would duplicate Room on/off). */
  power: Address | null;
}

/** Is this control for the person presenting (true) or for the engineer (false)? */
function forUser(c: ControlSpec, m: ModuleInfo, ctx: Context): boolean {
  // A choice of one is no choice ("Mode: Presentation" as one huge button): it is the device's
  // state, and a free-text parameter with it is the engineer's, on the Advanced page.
  if (c.type === 'select' && c.options.length < 2) return false;
  const method = c.type === 'button' ? c.command.method : c.type === 'toggle' ? c.on.method : c.method;
  switch (m.module) {
    case 'Display':
    case 'Projector':
      if (method === 'power' || method === 'input') return !ctx.tiles;
      // A projector's picture mute blanks the screen for a moment: the presenter's. A display's
      // own speaker volume and mute beside the program volume are a second volume: the engineer's.
      return m.module === 'Projector' && method === 'mute';
    case 'Switcher':
      return false;
    case 'Camera':
      return method === 'preset';
    case 'Mixer':
      // A microphone's mute and, beside it, its level: the presenter's. Playback and the rest of
      // the desk are the engineer's.
      if (c.type === 'toggle' && method === 'mute') return isMicrophone(channelName(m, c.on.args[0]) ?? '');
      if (c.type === 'level' && method === 'fader') return isMicrophone(channelName(m, c.args[0]) ?? '');
      return false;
    case 'Lighting':
      return method === 'scene';
    default:
      // The room's power is Room on/off on the bar.
      return !(method === 'power' && ctx.power !== null && same(c, ctx.power));
  }
}

/** The control as the person presenting reads it. */
function forPeople(c: ControlSpec, m: ModuleInfo): ControlSpec {
  if (m.module === 'Projector' && c.type === 'toggle' && c.on.method === 'mute')
    return {
      ...c,
      label: t('room.plan.control.blankPicture'),
      look: { icon: 'picture', onLabel: t('room.plan.control.pictureBlanked') },
    };
  // A microphone's mute is named by its channel alone: the strip says it mutes.
  if (m.module === 'Mixer' && c.type === 'toggle')
    return { ...c, label: channelName(m, c.on.args[0]) ?? c.label };
  // Its level reads in percent, as the program volume does: no decibels for a lecturer.
  if (m.module === 'Mixer' && c.type === 'level') return { ...c, display: 'percent' };
  return c;
}

/** A module's controls, split: what the room's users see, and what only an engineer should. */
function groupsOf(m: ModuleInfo, ctx: Context): { user: GroupSpec | null; advanced: GroupSpec | null } {
  const { volume } = ctx;
  const inBar = (c: ControlSpec) =>
    volume !== null &&
    same(c, volume) &&
    (c.status === volume.key || (volume.mute !== undefined && c.status === volume.mute.key));
  const controls = controlsOf(m).filter((c) => !inBar(c));
  const user = controls.filter((c) => forUser(c, m, ctx)).map((c) => forPeople(c, m));
  // The engineer's mixer is the whole desk: every channel's fader with its mute beside it.
  const rest = m.module === 'Mixer' ? controls : controls.filter((c) => !forUser(c, m, ctx));
  // Lighting: scenes first (one touch sets the room), areas after.
  if (m.module === 'Lighting') rest.sort((a, b) => Number(a.type === 'level') - Number(b.type === 'level'));
  const title = titled(
    m,
    m.module === 'Lighting'
      ? t('room.plan.page.lights')
      : m.logic
        ? t('room.plan.page.room')
        : kindWord(m.module),
  );
  const blinds = m.module === 'Blinds' ? { readout: { kind: 'blinds' as const, ...at(m) } } : {};
  return {
    user:
      user.length > 0
        ? {
            title: m.module === 'Mixer' ? titled(m, t('room.plan.group.microphones')) : title,
            controls: user,
            ...(m.module === 'Mixer' ? { mutes: true } : {}),
            ...blinds,
          }
        : null,
    advanced:
      rest.length > 0
        ? { title, controls: rest, strips: m.module === 'Mixer' || m.module === 'Lighting' }
        : null,
  };
}

export function automaticPlan(modules: ModuleInfo[]): PanelPlan {
  const logic = logicOf(modules);
  const screens = all(modules, 'Display', 'Projector');
  const fromLogic = logic ? roomLogicHome(logic) : null;
  const fromDisplays = displayHome(screens);
  // Room logic that offers no sources: the displays' inputs may still be the room's sources.
  const { home, power } =
    fromLogic && (fromLogic.home.length > 0 || fromDisplays.home.length === 0)
      ? fromLogic
      : { home: fromDisplays.home, power: fromLogic?.power ?? fromDisplays.power };
  const volume = programVolume(modules);
  const bookingsModule = first(modules, 'Bookings');
  const recorder = modules.find(isRecorder);
  const call = callOf(modules);
  const ctx: Context = { tiles: home.length > 0, volume, power: power ? at(power.on) : null };
  const grouped = new Map<PageKind, GroupSpec[]>();
  const advanced: GroupSpec[] = [];
  for (const m of modules) {
    if (m.module === 'RoomLogic' || m.module === 'Bookings' || m === recorder) continue;
    // The codec is the call page's, which reads its calls rather than a grid of its methods.
    if (call && m.module === call.module && m.index === call.index) continue;
    // With room logic the source tiles route the switcher; a raw matrix is for the technician tools.
    if (m.module === 'Switcher' && logic) continue;
    const { user, advanced: extra } = groupsOf(m, ctx);
    if (extra) advanced.push(extra);
    if (user === null) continue;
    const kind = m === logic || m.logic ? 'room' : (KIND[m.module] ?? 'more');
    grouped.set(kind, [...(grouped.get(kind) ?? []), user]);
  }
  // Blank / Show picture belongs beside the sources, where the lecturer is: not a tab of its own.
  const beside = home.length > 0 ? (grouped.get('display') ?? []) : [];
  if (beside.length > 0) grouped.delete('display');
  const pages: PageSpec[] = [
    { id: 'sources', title: t(PAGE_TITLE.sources), kind: 'sources', groups: beside },
    ...PAGE_KINDS.filter((kind) => kind !== 'sources' && grouped.has(kind)).map((kind) => ({
      id: kind,
      title: t(
        kind === 'camera' && (grouped.get(kind)?.length ?? 0) > 1
          ? 'room.plan.page.cameras'
          : PAGE_TITLE[kind],
      ),
      kind,
      groups: grouped.get(kind) ?? [],
    })),
  ];
  const used = home.length > 0 ? pages : pages.slice(1);
  return {
    source: 'automatic',
    home,
    power,
    volume,
    // The call page comes right after the sources: in a video room it is the second thing used.
    pages: call
      ? [...used.slice(0, home.length > 0 ? 1 : 0), callPage(), ...used.slice(home.length > 0 ? 1 : 0)]
      : used,
    advanced,
    bookings: bookingsModule ? at(bookingsModule) : null,
    recorder: recorder ? { ...at(recorder), resume: resumeMethod(recorder) } : null,
    call,
    problems: [],
  };
}

/** The call page: drawn from the codec's state by its own view, so it holds no groups. */
export function callPage(): PageSpec {
  return { id: 'call', title: t(PAGE_TITLE.call), kind: 'call', groups: [] };
}

/** The Advanced page: the engineer's controls, on the panel only where settings.panel asks. */
export function advancedPage(groups: GroupSpec[]): PageSpec | null {
  return groups.length > 0
    ? { id: 'advanced', title: t(PAGE_TITLE.advanced), kind: 'advanced', groups }
    : null;
}
