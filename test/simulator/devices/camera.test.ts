import { describe, expect, it } from 'vitest';
import { camera } from '../../../simulator/devices/camera.ts';
import { DriverError, InvalidArgumentsError } from '../../../simulator/devices/driver.ts';
import { fakeDevice } from './fake.ts';

const onCamera = async (settings: Record<string, unknown> = {}) => {
  const d = fakeDevice(camera, settings);
  await d.exec('power', true);
  return d;
};

describe('Camera', () => {
  it('starts off, wide, on no preset, with the default presets', () => {
    expect(fakeDevice(camera).state()).toMatchObject({
      power: false,
      preset: null,
      presets: ['Presenter', 'Audience', 'Wide'],
      zoom: 0,
    });
  });

  it('recalls presets, the first closest and the last widest', async () => {
    const d = await onCamera();
    await d.exec('preset', 1);
    expect(d.state()).toMatchObject({ preset: 1, zoom: 67 });
    await d.exec('preset', 3);
    expect(d.state()).toMatchObject({ preset: 3, zoom: 0 });
  });

  it('saves the current zoom into a preset and recalls it later', async () => {
    const d = await onCamera();
    await d.exec('zoom', 42);
    expect(d.state().preset).toBeNull();
    await d.exec('save_preset', 2);
    await d.exec('preset', 3);
    await d.exec('preset', 2);
    expect(d.state()).toMatchObject({ preset: 2, zoom: 42 });
  });

  it('refuses presets beyond those configured', async () => {
    const d = await onCamera({ presets: ['Lectern', 'Room'] });
    await expect(d.exec('preset', 3)).rejects.toThrow(
      new InvalidArgumentsError('preset: number must be ≤ 2 (there are 2 presets)'),
    );
    await expect(d.exec('save_preset', 3)).rejects.toThrow('save_preset: number must be ≤ 2');
  });

  it('refuses to move while off', async () => {
    const d = fakeDevice(camera);
    await expect(d.exec('preset', 1)).rejects.toThrow(new DriverError('camera is off'));
    await expect(d.exec('zoom', 10)).rejects.toThrow(new DriverError('camera is off'));
  });
});
