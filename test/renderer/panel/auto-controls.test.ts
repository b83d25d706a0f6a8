import { describe, expect, it } from 'vitest';
import type { ControlSpec } from '../../../renderer/src/lib/layout/model.ts';
import { controlsOf } from '../../../renderer/src/lib/plan/auto-controls.ts';
import { moduleInfo } from '../support/fixtures.ts';

const labels = (controls: ControlSpec[]) => controls.map((c) => `${c.type}:${c.label}`);

describe('a module’s automatic controls', () => {
  it('gives a display power, input, volume and mute, with the volume range from its funcs', () => {
    const display = controlsOf(moduleInfo('Display'));
    expect(labels(display)).toEqual(['toggle:Power', 'select:Input', 'level:Volume', 'toggle:Mute']);
    expect(display[1]).toMatchObject({
      options: [{ label: 'HDMI 1' }, { label: 'HDMI 2' }, { label: 'USB-C' }],
    });
    expect(display[2]).toMatchObject({ min: 0, max: 100, status: 'volume' });
  });

  it('gives a projector power, input and AV mute', () => {
    const projector = controlsOf(moduleInfo('Projector'));
    expect(labels(projector)).toEqual(['toggle:Power', 'select:Input', 'toggle:AV mute']);
  });

  it('gives a switcher one select per output, routing any input to it', () => {
    const switcher = controlsOf(moduleInfo('Switcher'));
    expect(labels(switcher)).toEqual(['select:Output 1', 'select:Output 2']);
    expect(switcher[1]).toMatchObject({
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
    const lighting = controlsOf(moduleInfo('Lighting'));
    expect(labels(lighting)).toEqual([
      'button:Off',
      'button:Presentation',
      'button:Meeting',
      'button:Full',
      'level:Area 1',
      'level:Area 2',
    ]);
    expect(lighting[1]).toMatchObject({ command: { method: 'scene', args: [2] }, activeWhen: 2 });
    expect(lighting[5]).toMatchObject({ method: 'level', args: [2], status: 'area_2' });
  });

  it('gives blinds up, stop and down', () => {
    const blinds = controlsOf(moduleInfo('Blinds'));
    expect(labels(blinds)).toEqual(['button:Up', 'button:Stop', 'button:Down']);
  });

  it('gives a camera power, its named presets and zoom steps', () => {
    const camera = controlsOf(moduleInfo('Camera'));
    expect(labels(camera)).toEqual([
      'toggle:Power',
      'button:Presenter',
      'button:Audience',
      'button:Wide',
      'level:Zoom',
    ]);
    expect(camera[4]).toMatchObject({ style: 'steps' });
  });

  it('gives a mixer a master fader and mute, then a fader and mute per named channel', () => {
    const mixer = controlsOf(moduleInfo('Mixer'));
    expect(labels(mixer)).toEqual([
      'level:Master',
      'toggle:Master mute',
      'level:Lectern',
      'toggle:Lectern mute',
      'level:Ceiling mics',
      'toggle:Ceiling mics mute',
    ]);
    expect(mixer[0]).toMatchObject({ min: -100, max: 12, unit: 'dB' });
    expect(mixer[5]).toMatchObject({
      on: { method: 'mute', args: [2, true] },
      off: { method: 'mute', args: [2, false] },
      status: 'mute_2',
    });
  });

  it('gives anything unknown a big button per method without arguments', () => {
    const fog = controlsOf(
      moduleInfo('FogMachine', 1, 1, {
        funcs: {
          puff: { arity: 0, params: {}, order: [] },
          set_density: { arity: 1, params: { d: { type: 'integer' } }, order: ['d'] },
          clean_nozzle: { arity: 0, params: {}, order: [] },
        },
        state: {},
      }),
    );
    expect(labels(fog)).toEqual(['button:Puff', 'button:Clean nozzle']);
  });

  it('leaves out controls for methods the module does not offer', () => {
    const display = controlsOf(
      moduleInfo('Display', 1, 1, { funcs: { power: { arity: 1, params: {}, order: ['state'] } } }),
    );
    expect(labels(display)).toEqual(['toggle:Power']);
  });
});
