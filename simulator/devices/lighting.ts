import { type DeviceState, ROLE } from '../store/model.ts';
import { type Driver, type DriverContext, DriverError, type SystemContext } from './driver.ts';
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

/**
 * The part of a shared gateway one room owns, from that system's `settings.lighting`
 * (`{ "areas": [1, 2], "scenes": ["Off", "Presentation"] }`); null: the room has the whole gateway.
 */
export interface LightingShare {
  areas: number[];
  scenes: string[];
}

export function shareOf(
  system: SystemContext | undefined,
  settings: Record<string, unknown>,
): LightingShare | null {
  const raw = system?.settings.lighting;
  if (typeof raw !== 'object' || raw === null) return null;
  const own = raw as { areas?: unknown; scenes?: unknown };
  const count = areaCount(settings);
  const all = lightingScenes(settings);
  const areas = Array.isArray(own.areas)
    ? [...new Set(own.areas.filter((a): a is number => Number.isInteger(a) && a >= 1 && a <= count))].sort(
        (a, b) => a - b,
      )
    : numberedAreas(count);
  const scenes = Array.isArray(own.scenes)
    ? own.scenes.filter((n): n is string => typeof n === 'string' && all.includes(n))
    : all;
  return { areas, scenes };
}

const numberedAreas = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/** A room's own scene: its areas only, recorded for that room alone. */
function applyRoomScene(ctx: DriverContext, share: LightingShare, system: SystemContext, n: number): void {
  const { settings } = ctx.module;
  checkAtMost('scene', 'number', n, share.scenes.length, `this room has ${share.scenes.length} scenes`);
  const name = share.scenes[n - 1] as string;
  const all = lightingScenes(settings);
  const level = sceneLevel(settings, all.indexOf(name) + 1, all.length);
  for (const a of share.areas) ctx.state[`area_${a}`] = level;
  setRoomScene(ctx, system, n);
  // The gateway as a whole is now in no single scene.
  Object.assign(ctx.state, { scene: null, scene_name: null });
}

function setRoomScene(ctx: DriverContext, system: SystemContext, n: number | null): void {
  const rooms = (
    typeof ctx.state.room_scenes === 'object' && ctx.state.room_scenes !== null ? ctx.state.room_scenes : {}
  ) as Record<string, unknown>;
  ctx.state.room_scenes = { ...rooms, [system.id]: n };
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
  view(state, system) {
    // The module's own settings are not in the state: derive the share from what the state holds.
    const raw = system.settings.lighting;
    if (typeof raw !== 'object' || raw === null) {
      const { room_scenes: _rooms, ...whole } = state;
      return whole;
    }
    const scenes = Array.isArray(state.scenes) ? (state.scenes as string[]) : [];
    const areaKeys = Object.keys(state).filter((k) => /^area_\d+$/.test(k));
    const share = shareOf(system, { scenes, areas: areaKeys.length });
    if (share === null) return state;
    const rooms = (state.room_scenes ?? {}) as Record<string, unknown>;
    const scene = typeof rooms[system.id] === 'number' ? (rooms[system.id] as number) : null;
    const view: DeviceState = {
      scenes: share.scenes,
      areas: share.areas,
      scene,
      scene_name: scene === null ? null : (share.scenes[scene - 1] ?? null),
    };
    for (const a of share.areas) view[`area_${a}`] = state[`area_${a}`] ?? 0;
    return view;
  },
  exec(ctx, method, args) {
    const { settings } = ctx.module;
    const share = shareOf(ctx.system, settings);
    switch (method) {
      case 'scene': {
        const n = args[0] as number;
        if (share && ctx.system) {
          applyRoomScene(ctx, share, ctx.system, n);
          return;
        }
        const count = lightingScenes(settings).length;
        checkAtMost(method, 'number', n, count, `there are ${count} scenes`);
        applyScene(settings, ctx.state, n);
        return;
      }
      case 'level': {
        const [area, level] = args as [number, number];
        const areas = areaCount(settings);
        checkAtMost(method, 'area', area, areas, `there are ${areas} areas`);
        if (share && ctx.system) {
          if (!share.areas.includes(area)) {
            throw new DriverError(
              `Lighting area ${area} belongs to another room; this room has area ${share.areas.join(', ')}`,
            );
          }
          setRoomScene(ctx, ctx.system, null);
        }
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
