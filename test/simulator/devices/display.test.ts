import { describe, expect, it } from 'vitest';
import { display } from '../../../simulator/devices/display.ts';
import { DriverError, InvalidArgumentsError } from '../../../simulator/devices/driver.ts';
import { fakeDevice } from './fake.ts';

describe('Display', () => {
  it('starts off on its first input, with the default inputs', () => {
    expect(fakeDevice(display).state()).toEqual({
      power: false,
      input: 'hdmi1',
      inputs: ['hdmi1', 'hdmi2', 'usb-c'],
      volume: 30,
      mute: false,
    });
  });

  it('uses the inputs from settings', () => {
    expect(fakeDevice(display, { inputs: ['dp', 'hdmi'] }).state()).toMatchObject({
      input: 'dp',
      inputs: ['dp', 'hdmi'],
    });
  });

  it('ignores malformed inputs settings', () => {
    expect(fakeDevice(display, { inputs: [] }).state().inputs).toEqual(['hdmi1', 'hdmi2', 'usb-c']);
    expect(fakeDevice(display, { inputs: ['ok', 3] }).state().inputs).toEqual(['hdmi1', 'hdmi2', 'usb-c']);
  });

  it('turns on and off', async () => {
    const d = fakeDevice(display);
    await d.exec('power', true);
    expect(d.state().power).toBe(true);
    await d.exec('power', false);
    expect(d.state().power).toBe(false);
  });

  it('changes input, volume and mute when on', async () => {
    const d = fakeDevice(display);
    await d.exec('power', true);
    await d.exec('input', 'usb-c');
    await d.exec('volume', 75);
    await d.exec('mute', true);
    expect(d.state()).toMatchObject({ input: 'usb-c', volume: 75, mute: true });
  });

  it('refuses input, volume and mute changes while off, as real displays do', async () => {
    const d = fakeDevice(display);
    await expect(d.exec('input', 'hdmi2')).rejects.toThrow(new DriverError('display is off'));
    await expect(d.exec('volume', 10)).rejects.toThrow(new DriverError('display is off'));
    await expect(d.exec('mute', true)).rejects.toThrow(new DriverError('display is off'));
    expect(d.state()).toMatchObject({ input: 'hdmi1', volume: 30, mute: false });
  });

  it('refuses an input it does not have, even while off', async () => {
    const d = fakeDevice(display, { inputs: ['dp', 'hdmi'] });
    await expect(d.exec('input', 'hdmi1')).rejects.toThrow(
      new InvalidArgumentsError('input: name must be one of "dp", "hdmi", got "hdmi1"'),
    );
  });

  it('follows an edit of its inputs setting', async () => {
    const d = fakeDevice(display);
    d.ctx.module.settings = { inputs: ['hdmi1', 'sdi'] };
    expect(d.state().inputs).toEqual(['hdmi1', 'sdi']);
    await d.exec('power', true);
    await d.exec('input', 'sdi');
    expect(d.state().input).toBe('sdi');
  });
});
