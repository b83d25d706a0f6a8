import { describe, expect, it } from 'vitest';
import { InvalidArgumentsError } from '../../../simulator/devices/driver.ts';
import { lighting } from '../../../simulator/devices/lighting.ts';
import { fakeDevice } from './fake.ts';

describe('Lighting', () => {
  it('starts in the first scene with every area at its level', () => {
    expect(fakeDevice(lighting).state()).toEqual({
      scene: 1,
      scene_name: 'Off',
      scenes: ['Off', 'Presentation', 'Meeting', 'Full'],
      area_1: 0,
      area_2: 0,
      area_3: 0,
      area_4: 0,
    });
  });

  it('recalls a scene by number, setting every area', async () => {
    const d = fakeDevice(lighting);
    await d.exec('scene', 4);
    expect(d.state()).toMatchObject({ scene: 4, scene_name: 'Full', area_1: 100, area_4: 100 });
    await d.exec('scene', 2);
    expect(d.state()).toMatchObject({ scene: 2, scene_name: 'Presentation', area_2: 33 });
  });

  it('uses scene levels from settings when given', async () => {
    const d = fakeDevice(lighting, { scenes: ['Dim', 'Bright'], scene_levels: [20, 90], areas: 2 });
    await d.exec('scene', 1);
    expect(d.state()).toEqual({
      scene: 1,
      scene_name: 'Dim',
      scenes: ['Dim', 'Bright'],
      area_1: 20,
      area_2: 20,
    });
  });

  it('sets one area and leaves the scene', async () => {
    const d = fakeDevice(lighting);
    await d.exec('scene', 3);
    await d.exec('level', 2, 45);
    expect(d.state()).toMatchObject({ scene: null, scene_name: null, area_1: 67, area_2: 45 });
  });

  it('refuses scenes and areas it does not have', async () => {
    const d = fakeDevice(lighting, { areas: 2 });
    await expect(d.exec('scene', 5)).rejects.toThrow(
      new InvalidArgumentsError('scene: number must be ≤ 4 (there are 4 scenes)'),
    );
    await expect(d.exec('level', 3, 10)).rejects.toThrow('level: area must be ≤ 2 (there are 2 areas)');
    await expect(d.exec('level', 1, 101)).rejects.toThrow('level: level must be ≤ 100');
  });
});
