import { describe, expect, it } from 'vitest';
import { ExecConsole } from '../../../renderer/src/lib/technician/modules/exec-console.svelte.ts';
import { addressesOf } from '../../../renderer/src/lib/modules/addressing.ts';
import { display, fakeBridge, huddle } from './fake-bridge.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the exec console', () => {
  it('addresses modules by class and index in the system’s order', () => {
    const second = { ...display, id: 'mod-display-2' };
    const named = { ...display, id: 'mod-x', custom_name: 'Confidence' };
    expect(addressesOf([display, second, named]).map((a) => a.label)).toEqual([
      'Display 1',
      'Display 2',
      'Confidence 1',
    ]);
  });

  it('runs a method with arguments from its form and shows the result and the new state', async () => {
    const fake = fakeBridge();
    const ex = new ExecConsole(fake.api, huddle.id);
    await ex.load('mod-display');
    expect(ex.target?.label).toBe('Display 1');
    expect(ex.methods).toEqual(['power', 'volume']);

    ex.chooseMethod('power');
    ex.setInput('state', true);
    await ex.execute();
    ex.chooseMethod('volume');
    expect(ex.fields.map((f) => f.kind)).toEqual(['number']);
    ex.setInput('level', '40');
    await ex.execute();
    await settle();

    expect(fake.calls.filter((c) => c.verb === 'systems.exec').map((c) => c.args)).toEqual([
      { id: huddle.id, module: 'Display', index: 1, method: 'power', args: [true] },
      { id: huddle.id, module: 'Display', index: 1, method: 'volume', args: [40] },
    ]);
    expect(ex.run.phase).toBe('done');
    expect(ex.run.result).toBeNull();
    expect(fake.state).toMatchObject({ power: true, volume: 40 });
    expect(ex.runs).toBe(2);
    expect(ex.history.map((c) => `${c.target.label}.${c.method}(${c.args.join()})`)).toEqual([
      'Display 1.volume(40)',
      'Display 1.power(true)',
    ]);
  });

  it('keeps every call of the session, runs one again as it was sent, and loads one into the form', async () => {
    const fake = fakeBridge();
    const ex = new ExecConsole(fake.api, huddle.id);
    await ex.load('mod-display');
    ex.chooseMethod('volume');
    ex.setInput('level', '25');
    await ex.execute();
    expect(ex.history[0]).toMatchObject({ ok: false, method: 'volume', args: [25] });
    expect(ex.history[0]?.outcome).toMatch(/display is off/);

    fake.state.power = true;
    const first = ex.history[0];
    if (!first) throw new Error('no call kept');
    await ex.rerun(first);
    expect(ex.history).toHaveLength(2);
    expect(ex.history[0]).toMatchObject({ ok: true, args: [25], outcome: 'null' });
    expect(fake.state.volume).toBe(25);

    ex.chooseMethod('power');
    await ex.edit(first);
    expect(ex.method).toBe('volume');
    expect(ex.inputs.level).toBe('25');
  });

  it('does not send an argument that does not fit and says which', async () => {
    const fake = fakeBridge();
    const ex = new ExecConsole(fake.api, huddle.id);
    await ex.load('mod-display');
    ex.chooseMethod('volume');
    ex.setInput('level', '140');
    await ex.execute();
    expect(ex.run.phase).toBe('failed');
    expect(ex.run.problem?.failures).toEqual([{ field: 'level', reason: 'must be at most 100' }]);
    expect(fake.calls.some((c) => c.verb === 'systems.exec')).toBe(false);
  });

  it('shows the device’s error message and code', async () => {
    const fake = fakeBridge();
    const ex = new ExecConsole(fake.api, huddle.id);
    await ex.load('mod-display');
    ex.chooseMethod('volume');
    ex.setInput('level', '10');
    await ex.execute();
    expect(ex.run.problem).toMatchObject({
      code: 'ROOMDECK_DRIVER_ERROR',
      message: expect.stringMatching(/display is off/),
    });
  });
});
