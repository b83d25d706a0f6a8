import { type DeviceState, ROLE } from '../store/model.ts';
import type { Driver } from './driver.ts';
import { checkAtMost, func, ordinal, percent, unknownMethod } from './params.ts';
import { dropNumberedKeysBeyond, readInt, readStringList } from './values.ts';

export const DEFAULT_SCENES = ['Off', 'Presentation', 'Meeting', 'Full'] as const;

export function lightingScenes(settings: Record<string, unknown>): string[] {
  return readStringList(settings, 'scenes', DEFAULT_SCENES);
}

function areaCount(settings: Record<string, unknown>): number {
  return readInt(settings, 'areas', 4, 1, 64);
}

/**
 * The level every area takes in scene `n` (1-based). Without per-scene levels in settings
 * (`scene_levels`, one number per scene) levels rise evenly from the first scene to the last,
 * which matches the default Off → Full list.
 */
function sceneLevel(settings: Record<string, unknown>, n: number, count: number): number {
  const configured = settings.scene_levels;
  if (Array.isArray(configured)) {
    const v: unknown = configured[n - 1];
    if (typeof v === 'number' && v >= 0 && v <= 100) return Math.round(v);
  }
  return count <= 1 ? 100 : Math.round((100 * (n - 1)) / (count - 1));
}

function applyScene(settings: Record<string, unknown>, state: DeviceState, n: number): void {
  const scenes = lightingScenes(settings);
  const level = sceneLevel(settings, n, scenes.length);
  for (let a = 1; a <= areaCount(settings); a++) state[`area_${a}`] = level;
  Object.assign(state, { scene: n, scene_name: scenes[n - 1] ?? null });
}

export const lighting: Driver = {
  key: 'lighting',
  className: 'Lighting',
  role: ROLE.device,
  description: 'Lighting gateway with scenes and dimmable areas (Art-Net, port 6454); often shared by rooms.',
  defaultPort: 6454,
  funcs: {
    scene: func({ number: ordinal('scene number, 1 … number of settings `scenes`') }),
    level: func({
      area: ordinal('area number, 1 … settings `areas` (default 4)'),
      level: percent('0–100 %'),
    }),
  },
  initialState(settings) {
    const state: DeviceState = { scenes: lightingScenes(settings) };
    applyScene(settings, state, 1);
    return state;
  },
  advance(ctx) {
    const { settings } = ctx.module;
    const areas = areaCount(settings);
    ctx.state.scenes = lightingScenes(settings);
    for (let a = 1; a <= areas; a++) ctx.state[`area_${a}`] ??= 0;
    dropNumberedKeysBeyond(ctx.state, 'area', areas);
  },
  exec(ctx, method, args) {
    const { settings } = ctx.module;
    switch (method) {
      case 'scene': {
        const n = args[0] as number;
        const count = lightingScenes(settings).length;
        checkAtMost(method, 'number', n, count, `there are ${count} scenes`);
        applyScene(settings, ctx.state, n);
        return;
      }
      case 'level': {
        const [area, level] = args as [number, number];
        const areas = areaCount(settings);
        checkAtMost(method, 'area', area, areas, `there are ${areas} areas`);
        ctx.state[`area_${area}`] = level;
        // A manual level leaves the recalled scene: keypads show "custom" then.
        Object.assign(ctx.state, { scene: null, scene_name: null });
        return;
      }
      default:
        unknownMethod('lighting', method);
    }
  },
};
