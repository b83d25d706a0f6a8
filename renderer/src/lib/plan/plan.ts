import type { Command, ControlSpec, LayoutProblem } from '../layout/model.ts';
import type { PageKind } from '../layout/page-kinds.ts';

/*
 * The panel as a person meets it: a home of source tiles, a room power state, one program volume
 * always in reach and pages for what else the room has. Built from the room's own layout or
 * automatically from its modules; the views only render a plan.
 */

export interface Address {
  module: string;
  index: number;
}

export interface Step extends Address {
  command: Command;
}

/** A state key of one module and the value that means "yes". */
export interface Watch extends Address {
  key: string;
  value: unknown;
}

export type SourceIcon = 'laptop' | 'pc' | 'wireless' | 'camera' | 'video' | 'usb' | 'other';

/** A device state that, reported by the device itself, is part of the proof a source is showing. */
export interface Proof extends Watch {
  /** The device as the room names it ("Display 1", "Projector 1"). */
  name: string;
}

export interface SourceTile {
  id: string;
  label: string;
  icon: SourceIcon;
  /** Sent in order: whatever starts the room with this source showing. */
  steps: Step[];
  /** The state that says this source is the one chosen (the room logic's, or a display's input). */
  active: Watch;
  /**
   * What the screens and the switcher must report for the source to be on the screens: each screen
   * on and on its input, or the switcher's route. Empty: `active` is all the panel can read.
   */
  shownBy: Proof[];
}

const isAddress = (v: Record<string, unknown>) =>
  typeof v.module === 'string' && typeof v.index === 'number' && Number.isInteger(v.index) && v.index >= 1;

/**
 * The proofs a room logic publishes for one source (its state `shown_by`: source → list of
 * `{module, index, name, key, value}`); anything malformed is left out rather than trusted.
 */
export function proofsOf(state: Record<string, unknown> | undefined, source: unknown): Proof[] {
  const all = state?.shown_by;
  if (typeof source !== 'string' || typeof all !== 'object' || all === null || Array.isArray(all)) return [];
  const list = (all as Record<string, unknown>)[source];
  if (!Array.isArray(list)) return [];
  return list.flatMap((item): Proof[] => {
    if (typeof item !== 'object' || item === null) return [];
    const p = item as Record<string, unknown>;
    if (!isAddress(p) || typeof p.key !== 'string' || !('value' in p)) return [];
    const name = typeof p.name === 'string' && p.name.trim() !== '' ? p.name : `${p.module} ${p.index}`;
    return [{ module: p.module as string, index: p.index as number, key: p.key, value: p.value, name }];
  });
}

export interface PowerSpec {
  /** Where "the room is on" is read. */
  on: Watch;
  /** What "Room on" sends when there is no source tile to start the room with. */
  start?: Step[] | undefined;
  /** What "Room off" sends, in order. */
  off: Step[];
  /** Optional room-wide reset to default routes and levels. */
  reset?: Step | undefined;
}

/** A lecture capture recorder: record, pause and stop; `resume` is how a paused one goes on. */
export interface RecorderSpec extends Address {
  resume: 'resume' | 'record';
}

/**
 * The room's video codec, recognised by the methods it offers (`dial` and `hangup`), never by its
 * class name: a foreign codec gets the same call page. `can` lists the call methods it offers, so
 * the page shows only what the codec can do.
 */
export interface CallSpec extends Address {
  can: string[];
}

export interface VolumeSpec extends Address {
  id: string;
  label: string;
  method: string;
  /** Sent before the level, e.g. a channel number. */
  args: unknown[];
  key: string;
  min: number;
  max: number;
  step: number;
  unit: string;
  /** Audio taper for gains in dB (0 dB near three quarters of the travel); linear for percent. */
  taper: 'audio' | 'linear';
  /** The installer's limits: the fader never goes outside them. */
  limits: { min: number; max: number };
  /** Set when the room starts, when the panel starts it itself (RoomLogic applies its own). */
  startLevel?: number | undefined;
  mute?: { method: string; args: unknown[]; key: string } | undefined;
}

/** A device's state shown as words beside its controls (blinds: where they are, and moving). */
export interface Readout extends Address {
  kind: 'blinds';
}

export interface GroupSpec {
  title: string;
  controls: ControlSpec[];
  /** Channel strips (vertical faders side by side) rather than a grid of buttons. */
  strips?: boolean | undefined;
  /** Microphone mutes: each a button with a microphone that turns red when muted. */
  mutes?: boolean | undefined;
  readout?: Readout | undefined;
}

export interface PageSpec {
  id: string;
  title: string;
  kind: PageKind;
  groups: GroupSpec[];
}

export interface PanelPlan {
  source: 'custom' | 'automatic';
  title?: string | undefined;
  home: SourceTile[];
  power: PowerSpec | null;
  volume: VolumeSpec | null;
  pages: PageSpec[];
  /** The engineer's controls (mixer faders, raw inputs, device power…), kept off the user's pages. */
  advanced: GroupSpec[];
  /** The room's calendar (a Bookings service module), when it has one. */
  bookings: Address | null;
  /** The room's lecture capture recorder, when it has one: the Record control and the REC light. */
  recorder?: RecorderSpec | null | undefined;
  /** The room's video codec, when it has one: the call page, the call strip and Join. */
  call?: CallSpec | null | undefined;
  /** Why a custom layout was not used (the automatic one is shown instead). */
  problems: LayoutProblem[];
}

const keyOf = (a: Address) => `${a.module}/${a.index}`;

function add(into: Map<string, Address>, a: Address | null | undefined): void {
  if (a) into.set(keyOf(a), { module: a.module, index: a.index });
}

/** Modules whose state the page's controls show. */
export function pageModules(page: PageSpec | undefined): Address[] {
  const seen = new Map<string, Address>();
  for (const group of page?.groups ?? []) {
    for (const c of group.controls) if (c.status !== undefined) add(seen, c);
    add(seen, group.readout);
  }
  return [...seen.values()];
}

/** The room's own state, watched whatever is shown: power, the source showing, bookings. */
export function roomModules(plan: PanelPlan): Address[] {
  const seen = new Map<string, Address>();
  add(seen, plan.power?.on);
  for (const tile of plan.home) {
    add(seen, tile.active);
    // The screens and switcher themselves: a tile is lit from what they report.
    for (const proof of tile.shownBy) add(seen, proof);
  }
  add(seen, plan.bookings);
  // The REC light is on every page and on the welcome: the recorder is always watched.
  add(seen, plan.recorder);
  // An incoming call rings on any screen and the call strip is on every page: always watched.
  add(seen, plan.call);
  return [...seen.values()];
}

/**
 * What the panel polls while `page` is shown (null: the welcome screen, room off): the room's own
 * state, and in use the bar's volume and the page's modules. Pages not shown are not polled.
 */
export function watchedModules(plan: PanelPlan, page: PageSpec | null): Address[] {
  const seen = new Map<string, Address>();
  for (const a of roomModules(plan)) add(seen, a);
  if (page !== null) {
    add(seen, plan.volume);
    for (const a of pageModules(page)) add(seen, a);
  }
  return [...seen.values()];
}

const ICONS: [RegExp, SourceIcon][] = [
  [/laptop|byod|hdmi ?table|table/i, 'laptop'],
  [/room ?pc|pc|computer|lectern|desktop/i, 'pc'],
  [/wireless|airplay|share|clickshare|cast|miracast/i, 'wireless'],
  [/camera|vc|video ?conf|teams|zoom/i, 'camera'],
  [/usb/i, 'usb'],
  [/hdmi|hdbase|dp|displayport|vga|dvi|sdi/i, 'video'],
];

export function iconOf(label: string): SourceIcon {
  return ICONS.find(([re]) => re.test(label))?.[1] ?? 'other';
}

/** hdmi1 → "HDMI 1", usb-c → "USB-C", hdbaset → "HDBaseT": device input names as people say them. */
export function inputLabel(name: string): string {
  const known: Record<string, string> = { hdbaset: 'HDBaseT', 'usb-c': 'USB-C', displayport: 'DisplayPort' };
  const lower = name.toLowerCase();
  if (known[lower]) return known[lower];
  const m = /^(hdmi|dp|vga|dvi|sdi)[ _-]?(\d+)$/i.exec(name);
  if (m) return `${m[1]!.toUpperCase()} ${m[2]}`;
  return name.charAt(0).toUpperCase() + name.slice(1);
}
