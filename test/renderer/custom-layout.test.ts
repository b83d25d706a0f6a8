import { describe, expect, it } from 'vitest';
import { parseCustomLayout } from '../../renderer/src/lib/layout/custom.ts';
import type { ControlSpec } from '../../renderer/src/lib/layout/model.ts';
import { INNOVATION_LAB_PANEL } from './support/fixtures.ts';

const LAB_TYPES = { Display: 1, Lighting: 1 };
const labels = (controls: ControlSpec[]) => controls.map((c) => `${c.type}:${c.label}`);
const clone = <T>(v: T): T => structuredClone(v);

/** The layout as the panel reads it (the problems are the plan's: see panel/plan.test.ts). */
const read = (panel: unknown, types: Record<string, number> = LAB_TYPES) => {
  const result = parseCustomLayout(panel, types);
  if (!result.ok) throw new Error(`not a valid layout: ${JSON.stringify(result.problems)}`);
  return result;
};

describe('the custom layout from settings.panel', () => {
  it('reads the sections and controls the integrator wrote, with defaults filled in', () => {
    const layout = read(INNOVATION_LAB_PANEL);
    expect(layout.title).toBe('Innovation Lab');
    const controls = layout.sections[0]!.controls;
    expect(labels(controls)).toEqual([
      'toggle:Screen',
      'select:Source',
      'level:Volume',
      'button:Presentation',
    ]);
    expect(controls[0]).toMatchObject({ module: 'Display', index: 1, onWhen: true, status: 'power' });
    expect(controls[1]).toMatchObject({
      index: 1,
      options: [{ label: 'Laptop', value: 'hdmi1' }, { value: 'hdmi2' }],
    });
    expect(controls[2]).toMatchObject({ min: 0, max: 100, step: 5, style: 'slider', args: [] });
    expect(controls[3]).toMatchObject({ command: { method: 'scene', args: [2] }, activeWhen: 2 });
  });

  it('uses an option’s explicit value, not its first argument, to know which one is selected', () => {
    const panel = clone(INNOVATION_LAB_PANEL);
    const select = panel.sections[0]!.controls[1] as { options: Record<string, unknown>[] };
    select.options[0] = { label: 'Laptop', args: ['hdmi1', 'fast'], value: 'HDMI 1' };
    const layout = read(panel);
    expect(layout.sections[0]!.controls[1]).toMatchObject({
      options: [{ value: 'HDMI 1' }, { value: 'hdmi2' }],
    });
  });

  it('accepts the layout as JSON text, as some admin tools store settings', () => {
    expect(read(JSON.stringify(INNOVATION_LAB_PANEL)).sections).toEqual(read(INNOVATION_LAB_PANEL).sections);
  });
});

describe('a broken custom layout', () => {
  const problemsOf = (panel: unknown, types: Record<string, number> = LAB_TYPES) => {
    const result = parseCustomLayout(panel, types);
    return result.ok ? [] : result.problems;
  };

  it('names the path and the reason for a missing field', () => {
    const panel = clone(INNOVATION_LAB_PANEL) as { sections: { controls: Record<string, unknown>[] }[] };
    delete panel.sections[0]!.controls[2]!.max;
    expect(problemsOf(panel)).toEqual([{ path: '/sections/0/controls/2/max', reason: 'is required' }]);
  });

  it('names an unknown control type and lists the ones that exist', () => {
    const panel = clone(INNOVATION_LAB_PANEL) as { sections: { controls: Record<string, unknown>[] }[] };
    panel.sections[0]!.controls[0]!.type = 'switch';
    expect(problemsOf(panel)).toEqual([
      { path: '/sections/0/controls/0/type', reason: 'must be one of "button", "toggle", "select", "level"' },
    ]);
  });

  it('flags a misspelt field instead of silently ignoring it', () => {
    const panel = clone(INNOVATION_LAB_PANEL) as { sections: { controls: Record<string, unknown>[] }[] };
    panel.sections[0]!.controls[3]!.stauts = 'scene';
    expect(problemsOf(panel)).toContainEqual({
      path: '/sections/0/controls/3/stauts',
      reason: 'is not a field of this control (a typo?)',
    });
  });

  it('reports a wrong type with what was expected', () => {
    const panel = clone(INNOVATION_LAB_PANEL) as { sections: { controls: Record<string, unknown>[] }[] };
    panel.sections[0]!.controls[2]!.step = 'five';
    const [problem] = problemsOf(panel);
    expect(problem?.path).toBe('/sections/0/controls/2/step');
    expect(problem?.reason).toMatch(/number/);
  });

  it('rejects a level whose range is empty', () => {
    const panel = clone(INNOVATION_LAB_PANEL) as { sections: { controls: Record<string, unknown>[] }[] };
    panel.sections[0]!.controls[2]!.min = 100;
    expect(problemsOf(panel)).toEqual([
      { path: '/sections/0/controls/2/max', reason: 'must be greater than min (100)' },
    ]);
  });

  it('names a module the room does not have, and the ones it does', () => {
    expect(problemsOf(INNOVATION_LAB_PANEL, { Display: 1 })).toEqual([
      { path: '/sections/0/controls/3/module', reason: 'this room has no "Lighting" (it has Display)' },
    ]);
  });

  it('reports text that is not JSON, and a layout without sections', () => {
    expect(problemsOf('{"sections": [')[0]?.reason).toMatch(/^is not valid JSON/);
    expect(problemsOf({ title: 'x' })).toEqual([
      { path: '/pages', reason: 'is required (or "home", "sections" or "advanced")' },
    ]);
    expect(problemsOf([])).toEqual([{ path: '/', reason: 'must be an object with "pages" or "sections"' }]);
  });
});
