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

export function sourcePlan(
  siblings: SiblingModule[],
  settings: Record<string, unknown>,
  source: string,
): SourcePlan {
  const position = sources(settings).indexOf(source) + 1;
  const steps: Step[] = [];
  const shownBy: ShownBy[] = [];
  const proof = (target: SiblingModule, key: string, value: unknown) =>
    shownBy.push({ module: target.className, index: target.index, name: label(target), key, value });
  // Every screen of the room shows the source (the room logic powers them all on with the room).
  for (const target of siblings) {
    if (target.className === 'Display' || target.className === 'Projector') proof(target, 'power', true);
  }
  const switchers = ofClass(siblings, 'Switcher');
  for (const target of switchers) {
    const { inputs, outputs } = switcherSize(target.module.settings);
    if (position > inputs) continue;
    for (let output = 1; output <= outputs; output++) {
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
          ? displayInputs(target.module.settings)[position - 1]
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
