import { describe, expect, it } from 'vitest';
import { automaticSections } from '../../renderer/src/lib/layout/auto.ts';
import { instancesOf } from '../../renderer/src/lib/layout/build.ts';
import { buildLayout, needsModuleDetails } from '../../renderer/src/lib/layout/from-settings.ts';
import { parseCustomLayout } from '../../renderer/src/lib/layout/custom.ts';
import { boundModules, type ControlSpec } from '../../renderer/src/lib/layout/model.ts';
import { INNOVATION_LAB_PANEL, moduleInfo } from './support/fixtures.ts';

const LAB_TYPES = { Display: 1, Lighting: 1 };
const labels = (controls: ControlSpec[]) => controls.map((c) => `${c.type}:${c.label}`);
const clone = <T>(v: T): T => structuredClone(v);

describe('the custom layout from settings.panel', () => {
  it('renders the sections and controls the integrator wrote, with defaults filled in', () => {
    const layout = buildLayout(INNOVATION_LAB_PANEL, LAB_TYPES, []);
    expect(layout.source).toBe('custom');
    expect(layout.problems).toEqual([]);
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
    const layout = buildLayout(panel, LAB_TYPES, []);
    expect(layout.sections[0]!.controls[1]).toMatchObject({
      options: [{ value: 'HDMI 1' }, { value: 'hdmi2' }],
    });
  });

  it('accepts the layout as JSON text, as some admin tools store settings', () => {
    expect(buildLayout(JSON.stringify(INNOVATION_LAB_PANEL), LAB_TYPES, []).source).toBe('custom');
  });

  it('polls each bound module once, however many of its keys the controls show', () => {
    expect(boundModules(buildLayout(INNOVATION_LAB_PANEL, LAB_TYPES, []))).toEqual([
      { module: 'Display', index: 1 },
      { module: 'Lighting', index: 1 },
    ]);
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

  it('falls back to the automatic layout and keeps the problems to show above it', () => {
    const panel = clone(INNOVATION_LAB_PANEL) as { sections: { controls: Record<string, unknown>[] }[] };
    panel.sections[0]!.controls[0]!.type = 'switch';
    expect(needsModuleDetails(panel, LAB_TYPES)).toBe(true);
    const layout = buildLayout(panel, LAB_TYPES, [moduleInfo('Display'), moduleInfo('Lighting')]);
    expect(layout.source).toBe('automatic');
    expect(layout.problems).toHaveLength(1);
    expect(layout.sections.map((s) => s.title)).toEqual(['Display', 'Lighting']);
  });
});

describe('the automatic layout', () => {
  it('gives a display power, input, volume and mute, with the volume range from its funcs', () => {
    const [display] = automaticSections([moduleInfo('Display')]);
    expect(labels(display!.controls)).toEqual([
      'toggle:Power',
      'select:Input',
      'level:Volume',
      'toggle:Mute',
    ]);
    expect(display!.controls[1]).toMatchObject({
      options: [{ label: 'HDMI 1' }, { label: 'HDMI 2' }, { label: 'USB-C' }],
    });
    expect(display!.controls[2]).toMatchObject({ min: 0, max: 100, status: 'volume' });
  });

  it('gives a projector power, input and AV mute', () => {
    const [projector] = automaticSections([moduleInfo('Projector')]);
    expect(labels(projector!.controls)).toEqual(['toggle:Power', 'select:Input', 'toggle:AV mute']);
  });

  it('gives a switcher one select per output, routing any input to it', () => {
    const [switcher] = automaticSections([moduleInfo('Switcher')]);
    expect(labels(switcher!.controls)).toEqual(['select:Output 1', 'select:Output 2']);
    expect(switcher!.controls[1]).toMatchObject({
      method: 'route',
      status: 'output_2',
      options: [
        { label: 'Input 1', args: [1, 2], value: 1 },
        { label: 'Input 2', args: [2, 2], value: 2 },
        { label: 'Input 3', args: [3, 2], value: 3 },
        { label: 'Input 4', args: [4, 2], value: 4 },
      ],
    });
  });

  it('gives lighting a button per named scene and a level per area', () => {
    const [lighting] = automaticSections([moduleInfo('Lighting')]);
    expect(labels(lighting!.controls)).toEqual([
      'button:Off',
      'button:Presentation',
      'button:Meeting',
      'button:Full',
      'level:Area 1',
      'level:Area 2',
    ]);
    expect(lighting!.controls[1]).toMatchObject({ command: { method: 'scene', args: [2] }, activeWhen: 2 });
    expect(lighting!.controls[5]).toMatchObject({ method: 'level', args: [2], status: 'area_2' });
  });

  it('gives blinds up, stop and down', () => {
    const [blinds] = automaticSections([moduleInfo('Blinds')]);
    expect(labels(blinds!.controls)).toEqual(['button:Up', 'button:Stop', 'button:Down']);
  });

  it('gives a camera power, its named presets and zoom steps', () => {
    const [camera] = automaticSections([moduleInfo('Camera')]);
    expect(labels(camera!.controls)).toEqual([
      'toggle:Power',
      'button:Presenter',
      'button:Audience',
      'button:Wide',
      'level:Zoom',
    ]);
    expect(camera!.controls[4]).toMatchObject({ style: 'steps' });
  });

  it('gives a mixer a master fader and mute, then a fader and mute per named channel', () => {
    const [mixer] = automaticSections([moduleInfo('Mixer')]);
    expect(labels(mixer!.controls)).toEqual([
      'level:Master',
      'toggle:Master mute',
      'level:Lectern',
      'toggle:Lectern mute',
      'level:Ceiling mics',
      'toggle:Ceiling mics mute',
    ]);
    expect(mixer!.controls[0]).toMatchObject({ min: -100, max: 12, unit: 'dB' });
    expect(mixer!.controls[5]).toMatchObject({
      on: { method: 'mute', args: [2, true] },
      off: { method: 'mute', args: [2, false] },
      status: 'mute_2',
    });
  });

  it('gives room logic start, a confirmed "System off", and a source select; first on the panel', () => {
    const sections = automaticSections([moduleInfo('Display'), moduleInfo('RoomLogic')]);
    expect(sections[0]!.title).toBe('Room');
    expect(labels(sections[0]!.controls)).toEqual([
      'button:Start room',
      'button:System off',
      'select:Source',
    ]);
    expect(sections[0]!.controls[1]!.confirm).toMatch(/off/);
    expect(sections[0]!.controls[0]!.confirm).toBeUndefined();
  });

  it('gives anything unknown a big button per method without arguments', () => {
    const [fog] = automaticSections([
      moduleInfo('FogMachine', 1, 1, {
        funcs: {
          puff: { arity: 0, params: {}, order: [] },
          set_density: { arity: 1, params: { d: { type: 'integer' } }, order: ['d'] },
          clean_nozzle: { arity: 0, params: {}, order: [] },
        },
        state: {},
      }),
    ]);
    expect(labels(fog!.controls)).toEqual(['button:Puff', 'button:Clean nozzle']);
  });

  it('numbers sections only when a room has several modules of a class', () => {
    const sections = automaticSections([
      moduleInfo('Display', 2, 2),
      moduleInfo('Display', 1, 2),
      moduleInfo('Switcher'),
    ]);
    expect(sections.map((s) => s.title)).toEqual(['Display 1', 'Display 2', 'Switcher']);
    expect(sections[1]!.controls[0]).toMatchObject({ module: 'Display', index: 2 });
  });

  it('leaves out controls for methods the module does not offer', () => {
    const [display] = automaticSections([
      moduleInfo('Display', 1, 1, { funcs: { power: { arity: 1, params: {}, order: ['state'] } } }),
    ]);
    expect(labels(display!.controls)).toEqual(['toggle:Power']);
  });

  it('lists every module instance from the room’s types', () => {
    expect(instancesOf({ Display: 2, Switcher: 1 })).toEqual([
      { module: 'Display', index: 1, count: 2 },
      { module: 'Display', index: 2, count: 2 },
      { module: 'Switcher', index: 1, count: 1 },
    ]);
  });

  it('is what a room without settings.panel gets', () => {
    const layout = buildLayout(undefined, { Display: 1 }, [moduleInfo('Display')]);
    expect(layout).toMatchObject({ source: 'automatic', problems: [] });
    expect(needsModuleDetails(undefined, { Display: 1 })).toBe(true);
    expect(needsModuleDetails(INNOVATION_LAB_PANEL, LAB_TYPES)).toBe(false);
  });
});
