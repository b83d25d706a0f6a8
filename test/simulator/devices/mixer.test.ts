import { describe, expect, it } from 'vitest';
import { InvalidArgumentsError } from '../../../simulator/devices/driver.ts';
import { mixer } from '../../../simulator/devices/mixer.ts';
import { fakeDevice } from './fake.ts';

describe('Mixer', () => {
  it('starts with eight unmuted channels at 0 dB', () => {
    const s = fakeDevice(mixer).state();
    expect(s).toMatchObject({
      fader_1: 0,
      fader_8: 0,
      mute_1: false,
      mute_8: false,
      master: 0,
      master_mute: false,
    });
    expect(s.channels).toEqual(Array.from({ length: 8 }, (_, i) => `Channel ${i + 1}`));
    expect(s).not.toHaveProperty('fader_9');
  });

  it('names its channels from settings, as many as named', () => {
    const s = fakeDevice(mixer, { channel_names: ['Lectern', 'Handheld', 'PC'] }).state();
    expect(s.channels).toEqual(['Lectern', 'Handheld', 'PC']);
    expect(s).toHaveProperty('fader_3');
    expect(s).not.toHaveProperty('fader_4');
  });

  it('pads missing names when settings ask for more channels than are named', () => {
    const s = fakeDevice(mixer, { channels: 3, channel_names: ['Lectern'] }).state();
    expect(s.channels).toEqual(['Lectern', 'Channel 2', 'Channel 3']);
  });

  it('sets channel faders and mutes, and the master', async () => {
    const d = fakeDevice(mixer);
    await d.exec('fader', 2, -12);
    await d.exec('mute', 3, true);
    await d.exec('master', 6);
    await d.exec('master_mute', true);
    expect(d.state()).toMatchObject({ fader_2: -12, mute_3: true, master: 6, master_mute: true });
  });

  it('refuses gains outside −100 … +12 dB and channels it does not have', async () => {
    const d = fakeDevice(mixer, { channels: 4 });
    await expect(d.exec('fader', 1, 13)).rejects.toThrow(
      new InvalidArgumentsError('fader: level must be ≤ 12'),
    );
    await expect(d.exec('master', -101)).rejects.toThrow('master: level must be ≥ -100');
    await expect(d.exec('fader', 5, 0)).rejects.toThrow(
      'fader: channel must be ≤ 4 (the mixer has 4 channels)',
    );
    await expect(d.exec('mute', 5, true)).rejects.toThrow('mute: channel must be ≤ 4');
  });
});
