import type { ModuleInfo } from '../layout/auto.ts';
import type { CustomLayoutResult, CustomPage } from '../layout/custom.ts';
import type { PanelPower, PanelSource, PanelVolume } from '../layout/panel-schema.ts';
import { automaticPlan } from './auto-plan.ts';
import {
  iconOf,
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
 * The room's own layout (settings.panel) where it says something, the automatic plan for what it
 * leaves out: a version 1 layout (sections only) still gets source tiles and a volume bar.
 */

const PAGE_WORDS: [RegExp, PageKind][] = [
  [/light/i, 'lights'],
  [/camera/i, 'camera'],
  [/audio|sound|mic|mixer/i, 'audio'],
  [/blind|shade|curtain/i, 'blinds'],
  [/screen|display|projector|video/i, 'display'],
];

const kindOf = (page: CustomPage): PageKind =>
  page.kind ?? PAGE_WORDS.find(([re]) => re.test(page.title))?.[1] ?? 'more';

function powerOf(power: PanelPower): PowerSpec {
  const at = { module: power.module, index: power.index ?? 1 };
  return {
    on: { ...at, key: power.status, value: 'onWhen' in power ? power.onWhen : true },
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
    label: v.label ?? 'Volume',
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

/** The plan from the room's own layout as already read (`null`: it has none). */
export function planFrom(custom: CustomLayoutResult | null, modules: ModuleInfo[]): PanelPlan {
  const automatic = automaticPlan(modules);
  if (custom === null) return automatic;
  if (!custom.ok) return { ...automatic, problems: custom.problems };
  const home = custom.home ? custom.home.map((s, i) => tileOf(s, i, custom.power, modules)) : automatic.home;
  const pages: PageSpec[] = custom.pages.map((page, p) => ({
    id: `page-${p + 1}`,
    title: page.title,
    kind: kindOf(page),
    groups: page.sections.map((s) => ({ title: s.title, controls: s.controls })),
  }));
  return {
    source: 'custom',
    title: custom.title,
    home,
    power: custom.power ? powerOf(custom.power) : automatic.power,
    volume: custom.volume ? volumeOf(custom.volume) : automatic.volume,
    pages:
      home.length > 0 ? [{ id: 'sources', title: 'Sources', kind: 'sources', groups: [] }, ...pages] : pages,
    bookings: automatic.bookings,
    problems: [],
  };
}
