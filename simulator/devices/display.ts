import { ROLE } from '../store/model.ts';
import { setDisplayInput, setDisplayPower } from './display-core.ts';
import type { Driver, DriverContext } from './driver.ts';
import { checkOneOf, func, onOff, percent, requirePower, text, unknownMethod } from './params.ts';
import { readStringList } from './values.ts';

export const DEFAULT_DISPLAY_INPUTS = ['hdmi1', 'hdmi2', 'usb-c'] as const;

export function displayInputs(settings: Record<string, unknown>): string[] {
  return readStringList(settings, 'inputs', DEFAULT_DISPLAY_INPUTS);
}

export const display: Driver = {
  key: 'display',
  className: 'Display',
  role: ROLE.device,
  description: 'Flat-panel display with inputs, volume and mute (RS-232/IP control on port 4999).',
  defaultPort: 4999,
  funcs: {
    power: func({ state: onOff() }),
    input: func({ name: text('one of the module settings `inputs` (default hdmi1, hdmi2, usb-c)') }),
    volume: func({ level: percent('speaker volume, 0–100') }),
    mute: func({ state: onOff('true = audio muted') }),
  },
  choices: (settings) => ({ input: { name: displayInputs(settings) } }),
  initialState(settings) {
    const inputs = displayInputs(settings);
    return { power: false, input: inputs[0] ?? null, inputs, volume: 30, mute: false };
  },
  advance(ctx) {
    // Settings may be edited while the module runs; the advertised list follows them.
    ctx.state.inputs = displayInputs(ctx.module.settings);
  },
  exec(ctx: DriverContext, method, args) {
    const s = ctx.state;
    switch (method) {
      case 'power':
        setDisplayPower(s, args[0] as boolean);
        return;
      case 'input': {
        const input = args[0] as string;
        checkOneOf(method, 'name', input, displayInputs(ctx.module.settings));
        setDisplayInput(s, input);
        return;
      }
      case 'volume': {
        const level = args[0] as number;
        requirePower(s, 'display');
        s.volume = level;
        return;
      }
      case 'mute':
        requirePower(s, 'display');
        s.mute = args[0] as boolean;
        return;
      default:
        unknownMethod('display', method);
    }
  },
};
