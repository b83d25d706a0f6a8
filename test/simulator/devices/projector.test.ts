import { describe, expect, it } from 'vitest';
import { DriverError, InvalidArgumentsError } from '../../../simulator/devices/driver.ts';
import { projector } from '../../../simulator/devices/projector.ts';
import { fakeDevice } from './fake.ts';

const onNow = async (settings: Record<string, unknown> = {}) => {
  const d = fakeDevice(projector, settings);
  await d.exec('power', true);
  d.tick(20);
  return d;
};

describe('Projector', () => {
  it('starts off and idle, with the default inputs', () => {
    expect(fakeDevice(projector).state()).toMatchObject({
      power: false,
      warming: false,
      cooling: false,
      transition_seconds: 0,
      transition_remaining: 0,
      input: 'hdmi1',
      inputs: ['hdmi1', 'hdmi2', 'hdbaset'],
      lamp_hours: 0,
      mute: false,
    });
  });

  it('warms up before it shows a picture: power stays false until warm-up ends', async () => {
    const d = fakeDevice(projector);
    await d.exec('power', true);
    expect(d.state()).toMatchObject({
      power: false,
      warming: true,
      transition_seconds: 20,
      transition_remaining: 20,
    });
    d.tick(7.5);
    expect(d.state()).toMatchObject({ power: false, warming: true, transition_remaining: 13 });
    d.tick(12.4);
    expect(d.state()).toMatchObject({ power: false, warming: true, transition_remaining: 1 });
    d.tick(0.1);
    expect(d.state()).toMatchObject({
      power: true,
      warming: false,
      transition_seconds: 0,
      transition_remaining: 0,
    });
  });

  it('applies a warm-up time changed while it warms, from the warm-up’s start', async () => {
    const d = fakeDevice(projector, { warm_up_seconds: 20 });
    await d.exec('power', true);
    d.tick(10);
    d.ctx.module.settings = { warm_up_seconds: 3600 };
    expect(d.state()).toMatchObject({
      power: false,
      warming: true,
      transition_seconds: 3600,
      transition_remaining: 3590,
    });
    d.tick(600);
    expect(d.state()).toMatchObject({ power: false, warming: true, transition_remaining: 2990 });
    // Shorter than the time already spent: the warm-up is over at once.
    d.ctx.module.settings = { warm_up_seconds: 0 };
    expect(d.state()).toMatchObject({ power: true, warming: false, transition_ends_at: null });
  });

  it('takes its warm-up and cool-down times from settings', async () => {
    const d = fakeDevice(projector, { warm_up_seconds: 5, cool_down_seconds: 3 });
    await d.exec('power', true);
    expect(d.state().transition_seconds).toBe(5);
    d.tick(5);
    await d.exec('power', false);
    expect(d.state()).toMatchObject({
      power: false,
      cooling: true,
      transition_seconds: 3,
      transition_remaining: 3,
    });
    d.tick(3);
    expect(d.state()).toMatchObject({ power: false, cooling: false, transition_remaining: 0 });
  });

  it('moves a running cool-down’s end the same way', async () => {
    const d = await onNow({ cool_down_seconds: 300 });
    await d.exec('power', false);
    d.ctx.module.settings = { cool_down_seconds: 0 };
    expect(d.state()).toMatchObject({ power: false, cooling: false, transition_ends_at: null });
    await d.exec('power', true);
    expect(d.state()).toMatchObject({ warming: true });
  });

  it('switches at once when its warm-up time is zero', async () => {
    const d = fakeDevice(projector, { warm_up_seconds: 0 });
    await d.exec('power', true);
    expect(d.state()).toMatchObject({ power: true, warming: false });
  });

  it('accepts a second power-on while warming up as a no-op that does not restart the warm-up', async () => {
    const d = fakeDevice(projector);
    await d.exec('power', true);
    d.tick(10);
    await expect(d.exec('power', true)).resolves.toBeNull();
    expect(d.state().transition_remaining).toBe(10);
  });

  it('refuses power-off while warming up, telling how long to wait', async () => {
    const d = fakeDevice(projector);
    await d.exec('power', true);
    d.tick(6);
    await expect(d.exec('power', false)).rejects.toThrow(
      new DriverError('projector is warming up; try again in 14 s'),
    );
    d.tick(14);
    expect(d.state().power).toBe(true);
  });

  it('drops the picture at once on power-off and cools down', async () => {
    const d = await onNow();
    await d.exec('power', false);
    expect(d.state()).toMatchObject({
      power: false,
      cooling: true,
      transition_seconds: 15,
      transition_remaining: 15,
    });
    d.tick(15);
    expect(d.state()).toMatchObject({ power: false, cooling: false, transition_remaining: 0 });
  });

  it('refuses power-on while cooling down and accepts a repeated power-off', async () => {
    const d = await onNow();
    await d.exec('power', false);
    d.tick(4);
    await expect(d.exec('power', true)).rejects.toThrow('projector is cooling down; try again in 11 s');
    await expect(d.exec('power', false)).resolves.toBeNull();
    d.tick(11);
    await d.exec('power', true);
    expect(d.state().warming).toBe(true);
  });

  it('ignores power commands for the state it is already in', async () => {
    const d = fakeDevice(projector);
    await d.exec('power', false);
    expect(d.state()).toMatchObject({ power: false, cooling: false });
    const on = await onNow();
    await on.exec('power', true);
    expect(on.state()).toMatchObject({ power: true, warming: false });
  });

  it('changes input and AV mute only when on', async () => {
    const d = fakeDevice(projector);
    await expect(d.exec('input', 'hdmi2')).rejects.toThrow(new DriverError('projector is off'));
    await d.exec('power', true);
    await expect(d.exec('mute', true)).rejects.toThrow('projector is warming up; try again in 20 s');
    d.tick(20);
    await d.exec('input', 'hdbaset');
    await d.exec('mute', true);
    expect(d.state()).toMatchObject({ input: 'hdbaset', mute: true });
  });

  it('clears AV mute when switched off', async () => {
    const d = await onNow();
    await d.exec('mute', true);
    await d.exec('power', false);
    expect(d.state().mute).toBe(false);
  });

  it('refuses an input it does not have, listing those it has', async () => {
    const d = await onNow({ inputs: ['hdmi', 'vga'] });
    await expect(d.exec('input', 'hdmi2')).rejects.toThrow(
      new InvalidArgumentsError('input: name must be one of "hdmi", "vga", got "hdmi2"'),
    );
  });

  it('counts lamp hours from power-on to power-off', async () => {
    const d = fakeDevice(projector, { lamp_hours: 1200 });
    await d.exec('power', true);
    d.tick(90 * 60);
    await d.exec('power', false);
    expect(d.state().lamp_hours).toBe(1201.5);
  });
});
