import { ROLE } from '../store/model.ts';
import { setDisplayInput, setDisplayPower } from './display-core.ts';
import { type Driver, type DriverContext, DriverError } from './driver.ts';
import { func, onOff, text, unknownMethod } from './params.ts';
import { readString } from './values.ts';

/*
 * Devices as another vendor's control service describes them: a display whose `input` takes any
 * text (no list of inputs in its state or funcs) and a room logic that offers only `power` and
 * `set_mode(mode)`. They let tests check that a room the panel cannot read as sources still gets
 * a working panel.
 */

export const genericDisplay: Driver = {
  key: 'generic-display',
  className: 'Display',
  role: ROLE.device,
  description: 'Display from a foreign driver: power and a free-text input, no list of inputs (port 4998).',
  defaultPort: 4998,
  funcs: {
    power: func({ state: onOff() }),
    input: func({ source: text('the input to show, as the display names it') }),
  },
  initialState: (settings) => ({ power: false, input: readString(settings, 'input', 'HDMI1') }),
  exec(ctx: DriverContext, method, args) {
    const s = ctx.state;
    switch (method) {
      case 'power':
        setDisplayPower(s, args[0] as boolean);
        return;
      case 'input':
        setDisplayInput(s, args[0] as string);
        return;
      default:
        unknownMethod('generic-display', method);
    }
  },
};

/** Switches every device of its room that has a power method; a mode is free text it only records. */
export const genericLogic: Driver = {
  key: 'generic-logic',
  className: 'System',
  role: ROLE.logic,
  description: 'Room logic from a foreign driver: power and set_mode(mode) only.',
  defaultPort: null,
  funcs: {
    power: func({ state: onOff('true = room on, false = room off') }),
    set_mode: func({ mode: text('a mode name the integrator chose') }),
  },
  initialState: (settings) => ({ power: false, mode: readString(settings, 'mode', 'presentation') }),
  async exec(ctx, method, args) {
    switch (method) {
      case 'power': {
        const on = args[0] as boolean;
        const system = ctx.system;
        const failures: string[] = [];
        for (const sibling of system?.siblings() ?? []) {
          // Itself and any other logic: only devices are switched.
          if (sibling.module.role === ROLE.logic) continue;
          try {
            await system?.exec(sibling.className, sibling.index, 'power', [on]);
          } catch (error) {
            // A device without power is not the room's failure; one that failed is named.
            const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
            if (code !== 'method_not_found' && name !== 'MethodNotFoundError')
              failures.push(`${sibling.className} ${sibling.index}`);
          }
        }
        ctx.state.power = on;
        if (failures.length > 0)
          throw new DriverError(`${failures.join(', ')} did not switch ${on ? 'on' : 'off'}`);
        return;
      }
      case 'set_mode':
        ctx.state.mode = args[0] as string;
        return;
      default:
        unknownMethod('generic-logic', method);
    }
  },
};
