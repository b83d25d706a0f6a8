import { describe, expect, it } from 'vitest';
import { blinds } from '../../../simulator/devices/blinds.ts';
import { describeFuncs } from '../../../simulator/devices/funcs.ts';
import { genericDisplay, genericLogic } from '../../../simulator/devices/generic.ts';
import { fakeDevice, fakeRoom } from './fake.ts';

describe('a foreign vendor’s display and room logic', () => {
  it('describes the display’s input as free text: no list of inputs in its funcs or its state', () => {
    const funcs = JSON.parse(JSON.stringify(describeFuncs(genericDisplay)));
    expect(Object.keys(funcs)).toEqual(['power', 'input']);
    expect(funcs.input.order).toEqual(['source']);
    expect(funcs.input.params.source.type).toBe('string');
    expect(funcs.input.params.source.enum).toBeUndefined();
    expect(fakeDevice(genericDisplay, { input: 'HDMI2' }).state()).toEqual({ power: false, input: 'HDMI2' });
  });

  it('takes any input once on, and refuses one while off', async () => {
    const screen = fakeDevice(genericDisplay);
    await expect(screen.exec('input', 'SDI 3')).rejects.toThrow('display is off');
    await screen.exec('power', true);
    await screen.exec('input', 'SDI 3');
    expect(screen.state()).toEqual({ power: true, input: 'SDI 3' });
  });

  it('offers only power and set_mode, and its power switches every device that has one', async () => {
    expect(Object.keys(describeFuncs(genericLogic))).toEqual(['power', 'set_mode']);
    const room = fakeRoom([{ driver: genericDisplay }, { driver: genericDisplay }, { driver: blinds }]);
    const logic = fakeDevice(genericLogic, {}, { clock: room.clock, system: room.system });
    await logic.exec('power', true);
    expect(room.device('Display 1').state().power).toBe(true);
    expect(room.device('Display 2').state().power).toBe(true);
    expect(logic.state()).toMatchObject({ power: true, mode: 'presentation' });
    await logic.exec('set_mode', 'lecture capture');
    expect(logic.state().mode).toBe('lecture capture');
    await logic.exec('power', false);
    expect(room.device('Display 1').state().power).toBe(false);
  });
});
