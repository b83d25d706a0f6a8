import { ROLE } from '../store/model.ts';
import type { Driver } from './driver.ts';
import { checkAtMost, func, onOff, ordinal, percent, requirePower, unknownMethod } from './params.ts';
import { readStringList } from './values.ts';

export const DEFAULT_PRESETS = ['Presenter', 'Audience', 'Wide'] as const;

function presetNames(settings: Record<string, unknown>): string[] {
  return readStringList(settings, 'presets', DEFAULT_PRESETS);
}

/**
 * Where each preset points, keyed by preset number. Only zoom is simulated. Until saved, presets
 * zoom in evenly from the last (widest) to the first, matching the default Presenter … Wide list.
 */
function presetZoom(state: Record<string, unknown>, count: number): Record<string, number> {
  const saved = state.preset_zoom;
  const zooms: Record<string, number> = {};
  for (let n = 1; n <= count; n++) {
    const v = typeof saved === 'object' && saved !== null ? (saved as Record<string, unknown>)[n] : undefined;
    zooms[n] = typeof v === 'number' ? v : Math.round((100 * (count - n)) / count);
  }
  return zooms;
}

function checkPreset(method: string, n: number, settings: Record<string, unknown>): void {
  const count = presetNames(settings).length;
  checkAtMost(method, 'number', n, count, `there are ${count} presets`);
}

export const camera: Driver = {
  key: 'camera',
  className: 'Camera',
  role: ROLE.device,
  description: 'PTZ camera with presets and zoom (VISCA over IP, port 52381).',
  defaultPort: 52381,
  funcs: {
    power: func({ state: onOff() }),
    preset: func({ number: ordinal('preset to recall, 1 … number of settings `presets`') }),
    save_preset: func({ number: ordinal('preset to store the current position in') }),
    zoom: func({ level: percent('0 = widest, 100 = closest') }),
  },
  initialState(settings) {
    const presets = presetNames(settings);
    return { power: false, preset: null, presets, zoom: 0, preset_zoom: presetZoom({}, presets.length) };
  },
  advance(ctx) {
    ctx.state.presets = presetNames(ctx.module.settings);
  },
  exec(ctx, method, args) {
    const s = ctx.state;
    const { settings } = ctx.module;
    switch (method) {
      case 'power':
        s.power = args[0] as boolean;
        return;
      case 'preset': {
        const n = args[0] as number;
        checkPreset(method, n, settings);
        requirePower(s, 'camera');
        s.zoom = presetZoom(s, presetNames(settings).length)[n] ?? 0;
        s.preset = n;
        return;
      }
      case 'save_preset': {
        const n = args[0] as number;
        checkPreset(method, n, settings);
        requirePower(s, 'camera');
        const zooms = presetZoom(s, presetNames(settings).length);
        zooms[n] = typeof s.zoom === 'number' ? s.zoom : 0;
        s.preset_zoom = zooms;
        s.preset = n;
        return;
      }
      case 'zoom':
        requirePower(s, 'camera');
        s.zoom = args[0] as number;
        // Moving the lens leaves the preset; the UI then highlights none.
        s.preset = null;
        return;
      default:
        unknownMethod('camera', method);
    }
  },
};
