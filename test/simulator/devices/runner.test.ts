import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { display } from '../../../simulator/devices/display.ts';
import { type Driver, DriverError, InvalidArgumentsError } from '../../../simulator/devices/driver.ts';
import { func } from '../../../simulator/devices/params.ts';
import {
  ExecTimeoutError,
  type ExecOptions,
  MethodNotFoundError,
  readState,
  runExec,
} from '../../../simulator/devices/runner.ts';
import { ROLE } from '../../../simulator/store/model.ts';
import { fakeDevice, noWait } from './fake.ts';

/** A driver that records what reached it, to see exactly what the runner passes on. */
function probe() {
  const received: unknown[][] = [];
  let advanced = 0;
  const driver: Driver = {
    key: 'probe',
    className: 'Probe',
    role: ROLE.device,
    description: 'test double',
    defaultPort: 1,
    funcs: {
      echo: func({
        mode: Type.Union([Type.Literal('fast'), Type.Literal('slow')]),
        tags: Type.Array(Type.String(), { default: ['a'] }),
        repeat: Type.Integer({ minimum: 1, maximum: 3, default: 1 }),
      }),
      nothing: func(),
      ratio: func({ value: Type.Number({ minimum: 0, maximum: 1 }) }),
      label: func({ text: Type.String({ minLength: 1 }) }),
      fail: func(),
    },
    initialState: () => ({ ticks: 0 }),
    advance(ctx) {
      advanced++;
      ctx.state.ticks = advanced;
    },
    async exec(ctx, method, args) {
      received.push(args);
      if (method === 'fail') throw new DriverError('probe jammed');
      if (method === 'echo') return { args, ticksSeenByExec: ctx.state.ticks };
      return undefined;
    },
  };
  return { driver, received };
}

const recordingSleep = () => {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  return { waits, sleep };
};

describe('runExec: method lookup', () => {
  it('rejects a method the driver does not have', async () => {
    const d = fakeDevice(display);
    await expect(d.exec('explode')).rejects.toThrow(MethodNotFoundError);
    await expect(d.exec('explode')).rejects.toThrow('Display has no method "explode"');
  });

  it.each(['__proto__', 'toString', 'constructor', 'hasOwnProperty', 'valueOf'])(
    'treats the inherited name %s as an unknown method',
    async (name) => {
      await expect(fakeDevice(display).exec(name)).rejects.toThrow(MethodNotFoundError);
    },
  );

  it('looks the method up before checking the arguments', async () => {
    await expect(fakeDevice(display).exec('nope', 1, 2, 3)).rejects.toThrow(MethodNotFoundError);
  });
});

describe('runExec: argument checks', () => {
  it('refuses more arguments than the method takes, naming its parameters', async () => {
    await expect(fakeDevice(display).exec('power', true, false)).rejects.toThrow(
      new InvalidArgumentsError('power: takes at most 1 argument (state), got 2'),
    );
  });

  it('refuses any argument to a method without parameters', async () => {
    const { driver } = probe();
    const d = fakeDevice(driver);
    await expect(d.exec('nothing', 1)).rejects.toThrow('nothing: takes at most 0 arguments (none), got 1');
  });

  it('names a missing required parameter', async () => {
    await expect(fakeDevice(display).exec('volume')).rejects.toThrow(
      new InvalidArgumentsError('volume: level is required'),
    );
  });

  it('names the parameter and the bound when a number is out of range', async () => {
    const d = fakeDevice(display);
    await expect(d.exec('volume', 101)).rejects.toThrow(
      new InvalidArgumentsError('volume: level must be ≤ 100'),
    );
    await expect(d.exec('volume', -1)).rejects.toThrow(
      new InvalidArgumentsError('volume: level must be ≥ 0'),
    );
  });

  it('refuses a fraction where an integer is expected', async () => {
    await expect(fakeDevice(display).exec('volume', 2.5)).rejects.toThrow(
      'volume: level must be an integer, got 2.5',
    );
  });

  it('refuses a string where a number or boolean is expected, without converting it', async () => {
    const d = fakeDevice(display);
    await expect(d.exec('volume', '50')).rejects.toThrow('volume: level must be an integer, got "50"');
    await expect(d.exec('power', 'on')).rejects.toThrow('power: state must be true or false, got "on"');
    await expect(d.exec('power', null)).rejects.toThrow('power: state must be true or false, got null');
  });

  it('lists the allowed values of an enumerated parameter', async () => {
    const { driver } = probe();
    await expect(fakeDevice(driver).exec('echo', 'medium')).rejects.toThrow(
      new InvalidArgumentsError('echo: mode must be one of "fast", "slow", got "medium"'),
    );
  });

  it('explains number bounds and empty strings', async () => {
    const { driver } = probe();
    const d = fakeDevice(driver);
    await expect(d.exec('ratio', 1.5)).rejects.toThrow('ratio: value must be ≤ 1');
    await expect(d.exec('ratio', true)).rejects.toThrow('ratio: value must be a number, got true');
    await expect(d.exec('label', '')).rejects.toThrow('label: text must not be empty');
    await expect(d.exec('label', 5)).rejects.toThrow('label: text must be a string, got 5');
  });

  it('falls back to the schema checker for other failures', async () => {
    const { driver } = probe();
    await expect(fakeDevice(driver).exec('echo', 'fast', [1])).rejects.toThrow(/^echo: tags /);
  });

  it('fills omitted optional parameters with their defaults', async () => {
    const { driver, received } = probe();
    const d = fakeDevice(driver);
    await d.exec('echo', 'fast');
    await d.exec('echo', 'slow', ['x']);
    await d.exec('echo', 'slow', ['x'], 3);
    expect(received).toEqual([
      ['fast', ['a'], 1],
      ['slow', ['x'], 1],
      ['slow', ['x'], 3],
    ]);
  });

  it('gives every call its own copy of a default, so a driver cannot alter it', async () => {
    const { driver, received } = probe();
    const d = fakeDevice(driver);
    await d.exec('echo', 'fast');
    (received[0]![1] as string[]).push('mutated');
    await d.exec('echo', 'fast');
    expect(received[1]?.[1]).toEqual(['a']);
  });

  it('checks arguments before the device is contacted, even when it is offline', async () => {
    const { waits, sleep } = recordingSleep();
    const d = fakeDevice(display, { offline: true, latency_ms: 50 });
    await expect(runExec(display, d.ctx, 'volume', [500], { ...noWait, sleep })).rejects.toThrow(
      InvalidArgumentsError,
    );
    expect(waits).toEqual([]);
  });
});

describe('runExec: results', () => {
  it('returns the driver result, with state brought up to date before the method runs', async () => {
    const { driver } = probe();
    const d = fakeDevice(driver);
    await expect(d.exec('echo', 'fast')).resolves.toEqual({ args: ['fast', ['a'], 1], ticksSeenByExec: 1 });
  });

  it('answers null when the method returns nothing', async () => {
    const { driver } = probe();
    await expect(fakeDevice(driver).exec('nothing')).resolves.toBeNull();
    await expect(fakeDevice(display).exec('power', true)).resolves.toBeNull();
  });

  it('passes a driver error through unchanged', async () => {
    const { driver } = probe();
    await expect(fakeDevice(driver).exec('fail')).rejects.toThrow(new DriverError('probe jammed'));
  });
});

describe('runExec: simulated faults', () => {
  it('reports an offline device as not responding, after the latency', async () => {
    const { waits, sleep } = recordingSleep();
    const d = fakeDevice(display, { offline: true });
    const run = runExec(display, d.ctx, 'power', [true], { globalLatencyMs: 40, timeoutMs: 1000, sleep });
    await expect(run).rejects.toThrow(new DriverError('Display at 10.0.1.20 is not responding (offline)'));
    expect(waits).toEqual([40]);
    expect(d.ctx.state.power).toBe(false);
  });

  it('names an offline device by its custom class name', async () => {
    const d = fakeDevice(display, { offline: true }, { className: 'LeftScreen' });
    await expect(d.exec('power', true)).rejects.toThrow(
      'LeftScreen at 10.0.1.20 is not responding (offline)',
    );
  });

  it('reports the configured fault message when the device is set to fail', async () => {
    const d = fakeDevice(display, { fault: 'error', fault_message: 'lamp failure' });
    await expect(d.exec('power', true)).rejects.toThrow(new DriverError('lamp failure'));
    expect(d.ctx.state.power).toBe(false);
  });

  it('reports a default message when a failing device has none configured', async () => {
    const d = fakeDevice(display, { fault: 'error' });
    await expect(d.exec('power', true)).rejects.toThrow(
      new DriverError('Display at 10.0.1.20 reported an error'),
    );
  });

  it('times out on a device that never answers, warning that the command may still complete', async () => {
    const d = fakeDevice(display, { fault: 'timeout' });
    const run = runExec(display, d.ctx, 'power', [true], { globalLatencyMs: 0, timeoutMs: 20 });
    await expect(run).rejects.toThrow(ExecTimeoutError);
    await expect(run).rejects.toThrow(/did not answer within 20 ms; the command may still complete/);
  });

  it('ignores unknown fault values', async () => {
    const d = fakeDevice(display, { fault: 'gremlins', offline: 'yes' });
    await expect(d.exec('power', true)).resolves.toBeNull();
  });
});

describe('runExec: latency and timeout', () => {
  const opts = (sleep: ExecOptions['sleep'], globalLatencyMs = 25): ExecOptions => ({
    globalLatencyMs,
    timeoutMs: 1000,
    sleep,
  });

  it('waits the global latency before the device answers', async () => {
    const { waits, sleep } = recordingSleep();
    const d = fakeDevice(display);
    await runExec(display, d.ctx, 'power', [true], opts(sleep));
    expect(waits).toEqual([25]);
  });

  it('prefers the module latency_ms setting over the global latency, zero included', async () => {
    const { waits, sleep } = recordingSleep();
    await runExec(display, fakeDevice(display, { latency_ms: 300 }).ctx, 'power', [true], opts(sleep));
    await runExec(display, fakeDevice(display, { latency_ms: 0 }).ctx, 'power', [true], opts(sleep));
    expect(waits).toEqual([300]);
  });

  it('falls back to the global latency when latency_ms is not a non-negative number', async () => {
    const { waits, sleep } = recordingSleep();
    await runExec(display, fakeDevice(display, { latency_ms: -5 }).ctx, 'power', [true], opts(sleep));
    await runExec(display, fakeDevice(display, { latency_ms: '90' }).ctx, 'power', [true], opts(sleep));
    expect(waits).toEqual([25, 25]);
  });

  it('applies the command only after the latency has passed', async () => {
    let release: () => void = () => {};
    const sleep = () => new Promise<void>((resolve) => (release = resolve));
    const d = fakeDevice(display);
    const run = runExec(display, d.ctx, 'power', [true], opts(sleep));
    await Promise.resolve();
    expect(d.ctx.state.power).toBe(false);
    release();
    await run;
    expect(d.ctx.state.power).toBe(true);
  });

  it('times out when the latency outlasts the wait', async () => {
    const d = fakeDevice(display, { latency_ms: 10_000 });
    const run = runExec(display, d.ctx, 'power', [true], { globalLatencyMs: 0, timeoutMs: 20 });
    await expect(run).rejects.toThrow(ExecTimeoutError);
  });
});

describe('readState', () => {
  it('brings time-driven state up to date and returns a copy', () => {
    const { driver } = probe();
    const d = fakeDevice(driver);
    const first = readState(driver, d.ctx);
    expect(first).toEqual({ ticks: 1 });
    first.ticks = 99;
    expect(readState(driver, d.ctx)).toEqual({ ticks: 2 });
  });
});
