import { describe, expect, it } from 'vitest';
import { blinds } from '../../../simulator/devices/blinds.ts';
import { fakeDevice } from './fake.ts';

const view = (s: Record<string, unknown>) => ({ position: s.position, moving: s.moving });

describe('Blinds', () => {
  it('start fully up and still', () => {
    expect(view(fakeDevice(blinds).state())).toEqual({ position: 0, moving: null });
  });

  it('travel down over travel_seconds and stop at the bottom', async () => {
    const d = fakeDevice(blinds);
    await d.exec('down');
    expect(view(d.state())).toEqual({ position: 0, moving: 'down' });
    d.tick(2.5);
    expect(view(d.state())).toEqual({ position: 25, moving: 'down' });
    d.tick(7.5);
    expect(view(d.state())).toEqual({ position: 100, moving: null });
    d.tick(5);
    expect(view(d.state())).toEqual({ position: 100, moving: null });
  });

  it('take their travel time from settings', async () => {
    const d = fakeDevice(blinds, { travel_seconds: 40 });
    await d.exec('down');
    d.tick(10);
    expect(d.state().position).toBe(25);
  });

  it('freeze where they are on stop', async () => {
    const d = fakeDevice(blinds);
    await d.exec('down');
    d.tick(4.2);
    await d.exec('stop');
    d.tick(10);
    expect(view(d.state())).toEqual({ position: 42, moving: null });
  });

  it('reverse mid-travel from where they are', async () => {
    const d = fakeDevice(blinds);
    await d.exec('down');
    d.tick(6);
    await d.exec('up');
    expect(view(d.state())).toEqual({ position: 60, moving: 'up' });
    d.tick(3);
    expect(view(d.state())).toEqual({ position: 30, moving: 'up' });
    d.tick(3);
    expect(view(d.state())).toEqual({ position: 0, moving: null });
  });

  it('do not move when already at the end they are sent to', async () => {
    const d = fakeDevice(blinds);
    await d.exec('up');
    expect(view(d.state())).toEqual({ position: 0, moving: null });
  });

  it('keep a partial position when moved again', async () => {
    const d = fakeDevice(blinds);
    await d.exec('down');
    d.tick(5);
    await d.exec('stop');
    await d.exec('down');
    d.tick(2.5);
    expect(view(d.state())).toEqual({ position: 75, moving: 'down' });
  });
});
