import { t } from '../i18n/i18n.svelte.ts';
import type { CustomLayoutResult, CustomPage } from '../layout/custom.ts';
import type { PanelPower, PanelSource, PanelVolume } from '../layout/panel-schema.ts';
import type { ModuleInfo } from './auto-controls.ts';
import { advancedPage, automaticPlan, callPage, PAGE_TITLE } from './auto-plan.ts';
import { LAYOUT_PAGE_KINDS, type LayoutPageKind, type PageKind } from '../layout/page-kinds.ts';
import {
  iconOf,
  type PageSpec,
  type PanelPlan,
  type PowerSpec,
  proofsOf,
  type SourceTile,
  type Step,
  type VolumeSpec,
} from './plan.ts';

/*
 * The room's own layout (settings.panel) where it says something, the automatic plan for what it
 * leaves out: a version 1 layout (sections only) still gets source tiles and a volume bar.
 */

/** Words in a layout page's title that say its kind when it names none; `null`: only by name. */
const PAGE_WORDS = {
  lights: /light/i,
  camera: /camera/i,
  audio: /audio|sound|mic|mixer/i,
  blinds: /blind|shade|curtain/i,
  display: /screen|display|projector|video/i,
  more: null,
} as const satisfies Record<LayoutPageKind, RegExp | null>;

const kindOf = (page: CustomPage): PageKind =>
  page.kind ?? LAYOUT_PAGE_KINDS.find((kind) => PAGE_WORDS[kind]?.test(page.title)) ?? 'more';

function powerOf(power: PanelPower): PowerSpec {
  const at = { module: power.module, index: power.index ?? 1 };
  return {
    on: { ...at, key: power.status, value: 'onWhen' in power ? power.onWhen : true },
    start: power.on
      ? [{ ...at, command: { method: power.on.method, args: power.on.args ?? [] } }]
      : undefined,
    off: [{ ...at, command: { method: power.off.method, args: power.off.args ?? [] } }],
    reset: power.reset
      ? { ...at, command: { method: power.reset.method, args: power.reset.args ?? [] } }
      : undefined,
  };
}

function tileOf(
  source: PanelSource,
  i: number,
  power: PanelPower | undefined,
  modules: ModuleInfo[],
): SourceTile {
  const at = { module: source.module, index: source.index ?? 1 };
  const args = source.args ?? [];
  const value = 'value' in source ? source.value : args[0];
  // A source chosen through a room logic that publishes its wiring is lit from the devices too.
  const owner = modules.find((m) => m.module === at.module && m.index === at.index);
  const steps: Step[] = [];
  if (power?.on)
    steps.push({
      module: power.module,
      index: power.index ?? 1,
      command: { method: power.on.method, args: power.on.args ?? [] },
    });
  steps.push({ ...at, command: { method: source.method, args } });
  return {
    id: `source-${i + 1}`,
    label: source.label,
    icon: source.icon ?? iconOf(source.label),
    steps,
    active: { ...at, key: source.status ?? source.method, value },
    shownBy: proofsOf(owner?.state, value),
  };
}

function volumeOf(v: PanelVolume): VolumeSpec {
  const unit = v.unit ?? '';
  return {
    module: v.module,
    index: v.index ?? 1,
    id: 'program-volume',
    label: v.label ?? t('room.plan.control.volume'),
    method: v.method,
    args: v.args ?? [],
    key: v.status,
    min: v.min,
    max: v.max,
    step: v.step ?? 1,
    unit,
    taper: v.taper ?? (unit.toLowerCase() === 'db' ? 'audio' : 'linear'),
    limits: { min: v.limits?.min ?? v.min, max: v.limits?.max ?? v.max },
    startLevel: v.limits?.default,
    mute: v.mute ? { method: v.mute.method, args: v.mute.args ?? [], key: v.mute.status } : undefined,
  };
}

/**
 * Automatic tiles switch a device's input by the name the device gives it ("hdmi1"); where the
 * room's own layout names that input in a choice ("Laptop"), the tile takes the room's name.
 */
function namedTiles(home: SourceTile[], pages: CustomPage[]): SourceTile[] {
  const names = new Map<string, string>();
  for (const c of pages.flatMap((p) => p.sections.flatMap((s) => s.controls))) {
    if (c.type !== 'select') continue;
    for (const o of c.options) names.set(JSON.stringify([c.module, c.index, c.method, o.args]), o.label);
  }
  return home.map((tile) => {
    const last = tile.steps[tile.steps.length - 1];
    const key = last && JSON.stringify([last.module, last.index, last.command.method, last.command.args]);
    const label = key === undefined ? undefined : names.get(key);
    return label === undefined ? tile : { ...tile, label, icon: iconOf(label) };
  });
}

/** The plan from the room's own layout as already read (`null`: it has none). */
export function planFrom(custom: CustomLayoutResult | null, modules: ModuleInfo[]): PanelPlan {
  const automatic = automaticPlan(modules);
  if (custom === null) return automatic;
  if (!custom.ok) return { ...automatic, problems: custom.problems };
  const home = custom.home
    ? custom.home.map((s, i) => tileOf(s, i, custom.power, modules))
    : namedTiles(automatic.home, custom.pages);
  // A layout that only switches the Advanced page on keeps the automatic pages.
  const own: PageSpec[] =
    custom.pages.length === 0
      ? automatic.pages.filter((p) => p.kind !== 'sources')
      : custom.pages.map((page, p) => ({
          id: `page-${p + 1}`,
          title: page.title,
          kind: kindOf(page),
          groups: page.sections.map((s) => ({ title: s.title, controls: s.controls })),
        }));
  const advanced = custom.advanced ? advancedPage(automatic.advanced) : null;
  // A room's own layout keeps its codec's call page: calls are read from the codec, not laid out.
  const calls = automatic.call && !own.some((p) => p.kind === 'call') ? [callPage()] : [];
  const pages = [...calls, ...own, ...(advanced ? [advanced] : [])];
  return {
    source: 'custom',
    title: custom.title,
    home,
    power: custom.power ? powerOf(custom.power) : automatic.power,
    volume: custom.volume ? volumeOf(custom.volume) : automatic.volume,
    pages:
      home.length > 0
        ? [{ id: 'sources', title: t(PAGE_TITLE.sources), kind: 'sources', groups: [] }, ...pages]
        : pages,
    advanced: automatic.advanced,
    bookings: automatic.bookings,
    recorder: automatic.recorder,
    call: automatic.call,
    problems: [],
  };
}
