import { describe, expect, it } from 'vitest';
import { blinds } from '../../../simulator/devices/blinds.ts';
import { camera } from '../../../simulator/devices/camera.ts';
import { display } from '../../../simulator/devices/display.ts';
import { DriverError, InvalidArgumentsError } from '../../../simulator/devices/driver.ts';
import { lighting } from '../../../simulator/devices/lighting.ts';
import { mixer } from '../../../simulator/devices/mixer.ts';
import { projector } from '../../../simulator/devices/projector.ts';
import { DEFAULT_HELP, MAX_HELP_REQUESTS, roomLogic } from '../../../simulator/devices/room-logic.ts';
import { switcher } from '../../../simulator/devices/switcher.ts';
import { fakeDevice, fakeRoom } from './fake.ts';

function meetingRoom(displaySettings: Record<string, unknown> = {}) {
  const room = fakeRoom([
    { driver: display, settings: displaySettings },
    { driver: display },
    { driver: projector },
    { driver: switcher, settings: { inputs: 4, outputs: 2 } },
    { driver: lighting },
    { driver: blinds },
    { driver: camera },
    { driver: mixer },
  ]);
  const logic = fakeDevice(roomLogic, {}, { clock: room.clock, system: room.system });
  return { room, logic };
}

describe('RoomLogic', () => {
  it('starts off with the default sources and a help text', () => {
    const s = fakeDevice(roomLogic).state();
    expect(s).toEqual({
      power: false,
      active: null,
      sources: ['Laptop', 'Room PC', 'Wireless'],
      help: DEFAULT_HELP,
      warming: false,
      cooling: false,
      warming_until: null,
      held: [],
      last_error: null,
      selected: null,
      shown_by: {},
      not_answering: [],
      help_requests: [],
    });
    expect(DEFAULT_HELP).toMatch(/call/i);
    // It names only what the panel shows: source tiles and End meeting / Room off, no "Power" button.
    expect(DEFAULT_HELP).not.toMatch(/\*\*Power\*\*/);
  });

  it('always has a help key, from settings or the default when the setting is blank', () => {
    expect(fakeDevice(roomLogic, { help: 'Call Sam on 1234.' }).state().help).toBe('Call Sam on 1234.');
    expect(fakeDevice(roomLogic, { help: '  ' }).state().help).toBe(DEFAULT_HELP);
    const d = fakeDevice(roomLogic);
    delete d.ctx.state.help;
    expect(d.state().help).toBe(DEFAULT_HELP);
  });

  it('turns the whole room on', async () => {
    const { room, logic } = meetingRoom();
    await expect(logic.exec('power', true)).resolves.toEqual({ ok: true, warnings: [] });
    expect(room.device('Display 1').state().power).toBe(true);
    expect(room.device('Display 2').state().power).toBe(true);
    expect(room.device('Projector 1').state()).toMatchObject({ power: false, warming: true });
    expect(room.device('Camera 1').state().power).toBe(true);
    expect(room.device('Lighting 1').state()).toMatchObject({ scene: 2, scene_name: 'Presentation' });
    expect(room.device('Blinds 1').state().moving).toBe('down');
    expect(room.device('Mixer 1').state().master_mute).toBe(false);
    expect(logic.state().power).toBe(true);
  });

  it('turns the whole room off and clears the active source', async () => {
    const { room, logic } = meetingRoom();
    await logic.exec('select_source', 'Laptop');
    room.clock.tick(30);
    await expect(logic.exec('power', false)).resolves.toEqual({ ok: true, warnings: [] });
    expect(room.device('Display 1').state().power).toBe(false);
    expect(room.device('Projector 1').state()).toMatchObject({ power: false, cooling: true });
    expect(room.device('Lighting 1').state().scene_name).toBe('Off');
    expect(room.device('Blinds 1').state()).toMatchObject({ position: 100, moving: 'up' });
    expect(room.device('Mixer 1').state().master_mute).toBe(true);
    expect(logic.state()).toMatchObject({ power: false, active: null });
  });

  it('carries on past a failing device, then fails naming it in room words (never its address)', async () => {
    const room = fakeRoom([
      { driver: display, settings: { offline: true } },
      { driver: display },
      { driver: lighting, settings: { fault: 'error', fault_message: 'DALI bus short' } },
    ]);
    const logic = fakeDevice(roomLogic, {}, { clock: room.clock, system: room.system });
    const failure = logic.exec('power', true);
    await expect(failure).rejects.toThrow(DriverError);
    await expect(failure).rejects.toThrow(
      'The room started, but Display 1 did not respond; Lighting 1 reported a problem (DALI bus short). Check it is switched on, or call AV support.',
    );
    await failure.catch((e: Error) => expect(e.message).not.toContain('10.0.1.20'));
    expect(room.device('Display 2').state().power).toBe(true);
    expect(logic.state()).toMatchObject({ power: true, last_error: expect.stringContaining('Display 1') });
  });

  it('publishes, per source, the device states that show it: screens on, the switcher routed', () => {
    const { logic } = meetingRoom();
    const shown = logic.state().shown_by as Record<string, unknown[]>;
    expect(Object.keys(shown)).toEqual(['Laptop', 'Room PC', 'Wireless']);
    expect(shown['Room PC']).toEqual([
      { module: 'Display', index: 1, name: 'Display 1', key: 'power', value: true },
      { module: 'Display', index: 2, name: 'Display 2', key: 'power', value: true },
      { module: 'Projector', index: 1, name: 'Projector 1', key: 'power', value: true },
      { module: 'Switcher', index: 1, name: 'Switcher 1', key: 'output_1', value: 2 },
      { module: 'Switcher', index: 1, name: 'Switcher 1', key: 'output_2', value: 2 },
    ]);
    // Without a switcher, a display's own input is the proof.
    const room = fakeRoom([{ driver: display }]);
    const huddle = fakeDevice(roomLogic, { sources: ['Laptop', 'Wireless'] }, { system: room.system });
    expect((huddle.state().shown_by as Record<string, unknown[]>).Wireless).toEqual([
      { module: 'Display', index: 1, name: 'Display 1', key: 'power', value: true },
      { module: 'Display', index: 1, name: 'Display 1', key: 'input', value: 'hdmi2' },
    ]);
  });

  it('does not claim a source is showing when a display did not answer, and says who is not answering', async () => {
    const room = fakeRoom([{ driver: display, settings: { fault: 'timeout' } }]);
    const logic = fakeDevice(roomLogic, { device_wait_ms: 20 }, { clock: room.clock, system: room.system });
    await expect(logic.exec('select_source', 'Wireless')).rejects.toThrow('Display 1 did not respond');
    expect(logic.state()).toMatchObject({
      power: true,
      active: null,
      selected: 'Wireless',
      not_answering: [{ module: 'Display', index: 1, name: 'Display 1' }],
    });
    // It answers again: the next command clears it, and the source is showing.
    room.device('Display 1').ctx.module.settings = {};
    await expect(logic.exec('select_source', 'Wireless')).resolves.toEqual({ ok: true, warnings: [] });
    expect(logic.state()).toMatchObject({ active: 'Wireless', not_answering: [] });
  });

  it('stops waiting for a device that never answers and reports it', async () => {
    const room = fakeRoom([{ driver: display, settings: { fault: 'timeout' } }, { driver: mixer }]);
    const logic = fakeDevice(roomLogic, { device_wait_ms: 20 }, { clock: room.clock, system: room.system });
    await expect(logic.exec('power', true)).rejects.toThrow(
      'The room started, but Display 1 did not respond.',
    );
    expect(room.device('Mixer 1').state().master_mute).toBe(false);
  });

  it('warns when the lighting has no scene of the expected name', async () => {
    const room = fakeRoom([{ driver: lighting, settings: { scenes: ['Dark', 'Bright'] } }]);
    const logic = fakeDevice(roomLogic, {}, { system: room.system });
    await expect(logic.exec('power', true)).rejects.toThrow('Lighting 1: no scene named "Presentation"');
    expect(room.calls).toEqual([]);
  });

  it('holds a start during a cool-down and carries it out when the projector allows, then shows the source', async () => {
    const room = fakeRoom([{ driver: projector }, { driver: switcher }]);
    const logic = fakeDevice(roomLogic, {}, { clock: room.clock, system: room.system });
    await logic.exec('power', true);
    room.clock.tick(20);
    await logic.exec('power', false);
    room.clock.tick(5);
    await expect(logic.exec('select_source', 'Laptop')).resolves.toEqual({ ok: true, warnings: [] });
    // Accepted, said as held: nothing is claimed as showing while the projector cools.
    expect(logic.state()).toMatchObject({
      power: true,
      active: null,
      selected: 'Laptop',
      last_error: null,
      held: [{ module: 'Projector', index: 1, name: 'Projector 1', power: true, until: expect.any(Number) }],
    });
    const held = (logic.state().held as { until: number }[])[0]!;
    expect(held.until - Math.round(room.clock.now() / 1000)).toBe(10);
    expect(room.device('Projector 1').state()).toMatchObject({ power: false, cooling: true });
    room.clock.tick(10);
    expect(logic.state().held).toEqual([]);
    await new Promise((r) => setTimeout(r, 0));
    expect(room.device('Projector 1').state()).toMatchObject({ warming: true });
    expect(logic.state()).toMatchObject({ active: 'Laptop', selected: 'Laptop' });
  });

  it('holds Room off during a warm-up and switches the projector off once it is on', async () => {
    const room = fakeRoom([{ driver: projector }, { driver: display }]);
    const logic = fakeDevice(roomLogic, {}, { clock: room.clock, system: room.system });
    await logic.exec('power', true);
    room.clock.tick(8);
    await expect(logic.exec('power', false)).resolves.toEqual({ ok: true, warnings: [] });
    expect(room.device('Display 1').state().power).toBe(false);
    expect(logic.state()).toMatchObject({
      power: false,
      held: [{ module: 'Projector', name: 'Projector 1', power: false }],
    });
    const held = (logic.state().held as { until: number }[])[0]!;
    expect(held.until - Math.round(room.clock.now() / 1000)).toBe(12);
    room.clock.tick(12);
    expect(logic.state().held).toEqual([]);
    await new Promise((r) => setTimeout(r, 0));
    expect(room.device('Projector 1').state()).toMatchObject({ power: false, cooling: true });
  });

  it('a start after a held Room off cancels the off: the last thing asked is what the room does', async () => {
    const room = fakeRoom([{ driver: projector }]);
    const logic = fakeDevice(roomLogic, {}, { clock: room.clock, system: room.system });
    await logic.exec('power', true);
    room.clock.tick(5);
    await logic.exec('power', false);
    await logic.exec('power', true);
    expect(logic.state().held).toEqual([]);
    room.clock.tick(20);
    await new Promise((r) => setTimeout(r, 0));
    expect(room.device('Projector 1').state()).toMatchObject({ power: true, cooling: false });
  });

  it('refuses to act when it is not bound to a system', async () => {
    const d = fakeDevice(roomLogic);
    await expect(d.exec('power', true)).rejects.toThrow(
      new DriverError('room logic is not bound to a system'),
    );
    await expect(d.exec('select_source', 'Laptop')).rejects.toThrow(DriverError);
  });

  it('routes a selected source to every switcher output by its position in the list', async () => {
    const { room, logic } = meetingRoom();
    await logic.exec('power', true);
    await expect(logic.exec('select_source', 'Wireless')).resolves.toEqual({ ok: true, warnings: [] });
    expect(room.device('Switcher 1').state()).toMatchObject({ output_1: 3, output_2: 3 });
    expect(logic.state().active).toBe('Wireless');
    // Displays behind a switcher keep their input.
    expect(room.device('Display 1').state().input).toBe('hdmi1');
  });

  it('sets display inputs named for the source in settings', async () => {
    const room = fakeRoom([{ driver: display }, { driver: switcher }]);
    const logic = fakeDevice(
      roomLogic,
      { display_inputs: { 'Room PC': 'usb-c' } },
      { clock: room.clock, system: room.system },
    );
    await logic.exec('power', true);
    await logic.exec('select_source', 'Room PC');
    expect(room.device('Display 1').state().input).toBe('usb-c');
    expect(room.device('Switcher 1').state().output_1).toBe(2);
  });

  it('without a switcher, selects the display input at the source position', async () => {
    const room = fakeRoom([{ driver: display }]);
    const logic = fakeDevice(roomLogic, {}, { clock: room.clock, system: room.system });
    await logic.exec('power', true);
    await logic.exec('select_source', 'Room PC');
    expect(room.device('Display 1').state().input).toBe('hdmi2');
  });

  it('starts an idle room when a source is chosen', async () => {
    const room = fakeRoom([{ driver: display }, { driver: mixer }]);
    const logic = fakeDevice(roomLogic, {}, { clock: room.clock, system: room.system });
    await expect(logic.exec('select_source', 'Wireless')).resolves.toEqual({ ok: true, warnings: [] });
    expect(room.device('Display 1').state()).toMatchObject({ power: true, input: 'usb-c' });
    expect(logic.state()).toMatchObject({ power: true, active: 'Wireless' });
  });

  it('refuses a source that is not in its list', async () => {
    const logic = fakeDevice(
      roomLogic,
      { sources: ['Lectern PC', 'Laptop'] },
      { system: fakeRoom([]).system },
    );
    await expect(logic.exec('select_source', 'Wireless')).rejects.toThrow(
      new InvalidArgumentsError('select_source: name must be one of "Lectern PC", "Laptop", got "Wireless"'),
    );
  });

  it('records a help request with its time and words, newest last, keeping the last few', async () => {
    const room = fakeRoom([{ driver: display }]);
    const logic = fakeDevice(roomLogic, {}, { clock: room.clock, system: room.system });
    const at = Math.round(room.clock.now() / 1000);
    await expect(logic.exec('request_help', 'The projector\nwill not start')).resolves.toEqual({
      at,
      message: 'The projector will not start',
    });
    expect(logic.state().help_requests).toEqual([{ at, message: 'The projector will not start' }]);
    // Without words it still records that someone asked.
    await logic.exec('request_help');
    expect(logic.state().help_requests).toHaveLength(2);
    for (let i = 0; i < MAX_HELP_REQUESTS + 5; i++) await logic.exec('request_help', `call ${i}`);
    const kept = logic.state().help_requests as { message: string }[];
    expect(kept).toHaveLength(MAX_HELP_REQUESTS);
    expect(kept.at(-1)?.message).toBe(`call ${MAX_HELP_REQUESTS + 4}`);
    await expect(logic.exec('request_help', 'x'.repeat(201))).rejects.toThrow(InvalidArgumentsError);
    await logic.exec('clear_help_requests');
    expect(logic.state().help_requests).toEqual([]);
  });

  it('reset_room never leaves the room muted: the mixer master, or the displays themselves', async () => {
    const { room, logic } = meetingRoom();
    await logic.exec('power', true).catch(() => undefined);
    await room.device('Mixer 1').exec('master_mute', true);
    await logic.exec('reset_room').catch(() => undefined);
    expect(room.device('Mixer 1').state().master_mute).toBe(false);

    const small = fakeRoom([{ driver: display }]);
    const huddle = fakeDevice(roomLogic, {}, { clock: small.clock, system: small.system });
    await huddle.exec('power', true);
    await small.device('Display 1').exec('mute', true);
    await huddle.exec('reset_room');
    expect(small.device('Display 1').state().mute).toBe(false);
  });

  it('gives default help only about the devices the room has', () => {
    const huddle = fakeRoom([{ driver: display }]);
    const help = fakeDevice(roomLogic, {}, { clock: huddle.clock, system: huddle.system }).state().help;
    expect(help).toContain('**Laptop**');
    expect(help).not.toMatch(/camera|projector|lights|blinds/i);
    const { logic } = meetingRoom();
    expect(logic.state().help).toMatch(/projector takes about half a minute/);
    expect(logic.state().help).toMatch(/Lights, blinds and cameras have their own pages/);
  });
});
