import { displayInputs } from '../display.ts';
import type { SiblingModule, SystemContext } from '../driver.ts';
import { switcherSize } from '../switcher.ts';
import { label, ofClass, type Step, sources } from './siblings.ts';

/** A device state key and the value that, reported by the device, means the source is showing. */
export interface ShownBy {
  module: string;
  index: number;
  /** The device as the room's messages name it ("Display 1"). */
  name: string;
  key: string;
  value: unknown;
}

export interface SourcePlan {
  steps: Step[];
  /** What the devices report once the source is on the screens: the proof, not the intention. */
  shownBy: ShownBy[];
}

/*
 * Source N is wired to switcher input N, unless the room's `switcher_inputs` says otherwise; a
 * switcher shared by several rooms (a divisible room's halves) serves each only the outputs its
 * `switcher_outputs` names.
 */
function switcherInput(settings: Record<string, unknown>, source: string): number {
  const mapped = settings.switcher_inputs;
  const n =
    typeof mapped === 'object' && mapped !== null ? (mapped as Record<string, unknown>)[source] : undefined;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : sources(settings).indexOf(source) + 1;
}

function switcherOutputs(settings: Record<string, unknown>): number[] | null {
  const raw = settings.switcher_outputs;
  if (!Array.isArray(raw)) return null;
  const outputs = raw.filter((n): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1);
  return outputs.length > 0 ? outputs : null;
}

export function sourcePlan(
  siblings: SiblingModule[],
  settings: Record<string, unknown>,
  source: string,
): SourcePlan {
  const position = switcherInput(settings, source);
  const steps: Step[] = [];
  const shownBy: ShownBy[] = [];
  const proof = (target: SiblingModule, key: string, value: unknown) =>
    shownBy.push({ module: target.className, index: target.index, name: label(target), key, value });
  // Every screen of the room shows the source (the room logic powers them all on with the room).
  for (const target of siblings) {
    if (target.className === 'Display' || target.className === 'Projector') proof(target, 'power', true);
  }
  const switchers = ofClass(siblings, 'Switcher');
  const driven = switcherOutputs(settings);
  for (const target of switchers) {
    const { inputs, outputs } = switcherSize(target.module.settings);
    if (position > inputs) continue;
    for (let output = 1; output <= outputs; output++) {
      if (driven && !driven.includes(output)) continue;
      steps.push({ target, method: 'route', args: [position, output] });
      proof(target, `output_${output}`, position);
    }
  }
  // With a switcher the displays sit on its output and keep their input unless `display_inputs`
  // names one for the source; without one, source N is wired to the display's Nth input.
  const mapped = settings.display_inputs;
  const configured =
    typeof mapped === 'object' && mapped !== null ? (mapped as Record<string, unknown>)[source] : undefined;
  for (const target of ofClass(siblings, 'Display')) {
    const input =
      typeof configured === 'string'
        ? configured
        : switchers.length === 0
          ? displayInputs(target.module.settings)[sources(settings).indexOf(source)]
          : undefined;
    if (input !== undefined) {
      steps.push({ target, method: 'input', args: [input] });
      proof(target, 'input', input);
    }
  }
  return { steps, shownBy };
}

/**
 * Per source, the device states that show it, published so a panel can light a source from the
 * devices' own reports (a real room controller knows its wiring and says it the same way).
 */
export function shownBy(system: SystemContext, settings: Record<string, unknown>): Record<string, ShownBy[]> {
  const siblings = system.siblings();
  return Object.fromEntries(
    sources(settings).map((name) => [name, sourcePlan(siblings, settings, name).shownBy]),
  );
}

/** Shown only when every device that shows it took its command (failed: `Class/index` keys). */
export const isShown = (plan: SourcePlan, failed: ReadonlySet<string>): boolean =>
  plan.shownBy.every((d) => !failed.has(`${d.module}/${d.index}`));
