import { type DeviceState, ROLE } from '../store/model.ts';
import type { Driver } from './driver.ts';
import { checkAtMost, func, ordinal, unknownMethod } from './params.ts';
import { dropNumberedKeysBeyond, readInt } from './values.ts';

const MAX_PORTS = 256;

/** Matrix size from settings (default 8×4); room logic uses it to route to every output. */
export function switcherSize(settings: Record<string, unknown>): { inputs: number; outputs: number } {
  return {
    inputs: readInt(settings, 'inputs', 8, 1, MAX_PORTS),
    outputs: readInt(settings, 'outputs', 4, 1, MAX_PORTS),
  };
}

function routesOf(state: DeviceState): Record<string, number> {
  const r = state.routes;
  return typeof r === 'object' && r !== null && !Array.isArray(r) ? { ...(r as Record<string, number>) } : {};
}

/** Keeps `routes` and the `output_N` keys in step with the matrix size, which settings may change. */
function reconcile(settings: Record<string, unknown>, state: DeviceState): DeviceState {
  const { inputs, outputs } = switcherSize(settings);
  const old = routesOf(state);
  const routes: Record<string, number> = {};
  for (let out = 1; out <= outputs; out++) {
    const prev = old[String(out)];
    // Straight-through (output n ← input n) is the usual factory routing.
    routes[String(out)] = typeof prev === 'number' && prev <= inputs ? prev : Math.min(out, inputs);
    state[`output_${out}`] = routes[String(out)];
  }
  dropNumberedKeysBeyond(state, 'output', outputs);
  return Object.assign(state, { routes, inputs, outputs });
}

export const switcher: Driver = {
  key: 'switcher',
  className: 'Switcher',
  role: ROLE.device,
  description: 'Video matrix switcher routing inputs to outputs (telnet, port 23).',
  defaultPort: 23,
  funcs: {
    route: func({
      input: ordinal('input number, 1 … settings `inputs` (default 8)'),
      output: ordinal('output number, 1 … settings `outputs` (default 4)'),
    }),
  },
  initialState: (settings) => reconcile(settings, {}),
  advance: (ctx) => {
    reconcile(ctx.module.settings, ctx.state);
  },
  exec(ctx, method, args) {
    if (method !== 'route') unknownMethod('switcher', method);
    const [input, output] = args as [number, number];
    const { inputs, outputs } = switcherSize(ctx.module.settings);
    checkAtMost(method, 'input', input, inputs, `the switcher has ${inputs} inputs`);
    checkAtMost(method, 'output', output, outputs, `the switcher has ${outputs} outputs`);
    const routes = routesOf(ctx.state);
    routes[String(output)] = input;
    ctx.state.routes = routes;
    ctx.state[`output_${output}`] = input;
  },
};
