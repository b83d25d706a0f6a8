import { describe, expect, it } from 'vitest';
import { InvalidArgumentsError } from '../../../simulator/devices/driver.ts';
import { switcher } from '../../../simulator/devices/switcher.ts';
import { fakeDevice } from './fake.ts';

describe('Switcher', () => {
  it('starts 8×4 with straight-through routing and one key per output', () => {
    expect(fakeDevice(switcher).state()).toEqual({
      inputs: 8,
      outputs: 4,
      routes: { '1': 1, '2': 2, '3': 3, '4': 4 },
      output_1: 1,
      output_2: 2,
      output_3: 3,
      output_4: 4,
    });
  });

  it('routes an input to an output and mirrors it in output_N', async () => {
    const d = fakeDevice(switcher);
    await d.exec('route', 7, 2);
    expect(d.state()).toMatchObject({ routes: { '1': 1, '2': 7, '3': 3, '4': 4 }, output_2: 7 });
  });

  it('takes its size from settings', () => {
    const s = fakeDevice(switcher, { inputs: 2, outputs: 3 }).state();
    expect(s).toMatchObject({ inputs: 2, outputs: 3, routes: { '1': 1, '2': 2, '3': 2 }, output_3: 2 });
  });

  it('refuses inputs and outputs beyond its size, naming the limit', async () => {
    const d = fakeDevice(switcher, { inputs: 4, outputs: 2 });
    await expect(d.exec('route', 5, 1)).rejects.toThrow(
      new InvalidArgumentsError('route: input must be ≤ 4 (the switcher has 4 inputs)'),
    );
    await expect(d.exec('route', 1, 3)).rejects.toThrow(
      'route: output must be ≤ 2 (the switcher has 2 outputs)',
    );
    await expect(d.exec('route', 0, 1)).rejects.toThrow('route: input must be ≥ 1');
    await expect(d.exec('route', 1)).rejects.toThrow('route: output is required');
  });

  it('drops the keys of outputs removed from its settings and keeps the other routes', async () => {
    const d = fakeDevice(switcher);
    await d.exec('route', 6, 1);
    d.ctx.module.settings = { outputs: 2 };
    const s = d.state();
    expect(s.routes).toEqual({ '1': 6, '2': 2 });
    expect(s).not.toHaveProperty('output_3');
  });
});
