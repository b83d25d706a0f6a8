import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ControlState, ToggleState } from '../../renderer/src/lib/control/control-state.svelte.ts';
import type { ToggleSpec } from '../../renderer/src/lib/layout/model.ts';
import { FakeRoom } from './support/fake-room.ts';

const POWER_ON = { method: 'power', args: [true] };
const target = { module: 'Display', index: 1, label: 'Power' };
const settle = () => vi.advanceTimersByTimeAsync(0);

let room: FakeRoom;
let control: ControlState;

beforeEach(() => {
  vi.useFakeTimers();
  room = new FakeRoom();
  room.report('Display', { power: false });
  control = new ControlState(room, target);
});
afterEach(() => {
  control.dispose();
  vi.useRealTimers();
});

describe('a control', () => {
  it('starts idle', () => {
    expect(control.phase).toBe('idle');
    expect(control.busy).toBe(false);
  });

  it('shows pressed on pointerdown, before anything is sent', () => {
    control.pointerDown();
    expect(control.pressed).toBe('');
    expect(room.sent).toEqual([]);
    control.pointerUp();
    expect(control.pressed).toBeNull();
  });

  it('is pending while the exec is in flight, then confirmed when the polled state agrees', async () => {
    control.send(POWER_ON, { key: 'power', value: true });
    expect(control.phase).toBe('pending');
    room.complete();
    await settle();
    // The exec returned but the device has not yet reported the change.
    expect(control.phase).toBe('pending');
    room.report('Display', { power: true });
    expect(control.phase).toBe('confirmed');
  });

  it('is confirmed by a polled state that agrees while the exec still hangs, and stays so when it times out', async () => {
    control.send(POWER_ON, { key: 'power', value: true });
    room.report('Display', { power: true });
    expect(control.phase).toBe('confirmed');
    room.fail('The command got no answer within 30 s.', 'ROOMDECK_TIMEOUT');
    await settle();
    expect(control.phase).toBe('confirmed');
    expect(control.error).toBeNull();
  });

  it('still fails when a device reports an error, even though its state came to agree', async () => {
    control.send(POWER_ON, { key: 'power', value: true });
    room.report('Display', { power: true });
    room.fail('Not everything worked: Display 2 did not respond.', 'ROOMDECK_ROOM_PARTIAL');
    await settle();
    expect(control.phase).toBe('failed');
  });

  it('does not take a state that already agreed before the press as proof of a hung command', async () => {
    room.report('Display', { power: true });
    control.send(POWER_ON, { key: 'power', value: true });
    room.report('Display', { power: true });
    expect(control.phase).toBe('pending');
    room.fail('The command got no answer within 30 s.', 'ROOMDECK_TIMEOUT');
    await settle();
    expect(control.phase).toBe('failed');
  });

  it('is confirmed when the exec returns, for commands with no status to check', async () => {
    control.send({ method: 'up', args: [] }, null);
    room.complete();
    await settle();
    expect(control.phase).toBe('confirmed');
  });

  it('is failed with the error’s message when the exec fails', async () => {
    control.send(POWER_ON, { key: 'power', value: true });
    room.fail('Display at 10.0.1.20 is not responding (offline)');
    await settle();
    expect(control.phase).toBe('failed');
    expect(control.error).toBe('Display at 10.0.1.20 is not responding (offline)');
  });

  it('sends one command for a double tap while pending', async () => {
    expect(control.send(POWER_ON, { key: 'power', value: true })).toBe(true);
    expect(control.send(POWER_ON, { key: 'power', value: true })).toBe(false);
    room.complete();
    await settle();
    expect(control.send(POWER_ON, { key: 'power', value: true })).toBe(false);
    expect(room.sent).toHaveLength(1);
  });

  it('fails, saying what the device reports, when it never agrees', async () => {
    control.send(POWER_ON, { key: 'power', value: true });
    room.complete();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(control.phase).toBe('failed');
    expect(control.error).toBe('Power: the device did not confirm; it still reports off.');
  });

  it('goes back to idle when someone else changes what it confirmed', async () => {
    control.send(POWER_ON, { key: 'power', value: true });
    room.complete();
    room.report('Display', { power: true });
    await settle();
    expect(control.phase).toBe('confirmed');
    room.report('Display', { power: false });
    expect(control.phase).toBe('idle');
  });

  it('can be pressed again after failing, and clears the old error', async () => {
    control.send(POWER_ON, { key: 'power', value: true });
    room.fail('nope');
    await settle();
    control.send(POWER_ON, { key: 'power', value: true });
    expect(control.phase).toBe('pending');
    expect(control.error).toBeNull();
  });

  it('asks first when a confirmation question is given, and sends only on yes', async () => {
    control.send({ method: 'power', args: [false] }, null, 'Turn the room off?');
    expect(control.question).toBe('Turn the room off?');
    expect(room.sent).toEqual([]);
    control.answer(false);
    expect(control.question).toBeNull();
    expect(room.sent).toEqual([]);
    control.send({ method: 'power', args: [false] }, null, 'Turn the room off?');
    control.answer(true);
    expect(room.sent).toHaveLength(1);
    expect(control.phase).toBe('pending');
  });

  it('understands a negated expectation (a toggle switched off when "on" is a custom value)', async () => {
    room.report('Display', { mode: 'on' });
    control.send({ method: 'mode', args: ['off'] }, { key: 'mode', value: 'on', negate: true });
    room.complete();
    await settle();
    expect(control.phase).toBe('pending');
    room.report('Display', { mode: 'standby' });
    expect(control.phase).toBe('confirmed');
  });
});

describe('a power control during a projector’s warm-up', () => {
  let power: ControlState;
  beforeEach(() => {
    room.report('Projector', { power: false, warming: false, cooling: false });
    power = new ControlState(room, { module: 'Projector', index: 1, label: 'Power' }, { lockable: true });
  });
  afterEach(() => power.dispose());

  it('locks, shows progress, waits past the usual deadline, and confirms when warm-up ends', async () => {
    power.send(POWER_ON, { key: 'power', value: true });
    room.complete();
    room.report('Projector', {
      power: false,
      warming: true,
      transition_seconds: 20,
      transition_remaining: 15,
    });
    await settle();
    expect(power.locked).toBe(true);
    expect(power.transition).toEqual({ kind: 'warming', remaining: 15, total: 20, percent: 25 });
    expect(power.phase).toBe('pending');
    await vi.advanceTimersByTimeAsync(12_000);
    expect(power.phase).toBe('pending');
    room.report('Projector', { power: true, warming: false, transition_seconds: 0, transition_remaining: 0 });
    expect(power.phase).toBe('confirmed');
    expect(power.locked).toBe(false);
  });

  it('refuses presses and pressed feedback while cooling down', () => {
    room.report('Projector', {
      power: false,
      cooling: true,
      transition_seconds: 15,
      transition_remaining: 10,
    });
    power.pointerDown();
    expect(power.pressed).toBeNull();
    expect(power.send(POWER_ON, { key: 'power', value: true })).toBe(false);
    expect(room.sent).toEqual([]);
  });
});

describe('an on/off control (toggle, mute, picture blank)', () => {
  const blank: ToggleSpec = {
    id: 'projector-mute',
    type: 'toggle',
    label: 'Blank picture',
    module: 'Projector',
    index: 1,
    on: { method: 'mute', args: [true] },
    off: { method: 'mute', args: [false] },
    onWhen: true,
    status: 'mute',
  };
  let toggle: ToggleState;
  afterEach(() => toggle.dispose());

  it('is on only as the device reports it, and a press sends the opposite expecting it reported', async () => {
    room.report('Projector', { mute: false });
    toggle = new ToggleState(room, blank);
    expect(toggle.on).toBe(false);
    toggle.toggle();
    expect(room.sent).toEqual([{ module: 'Projector', index: 1, method: 'mute', args: [true] }]);
    room.complete();
    await settle();
    // Sent is not done: still off until the projector says so.
    expect(toggle.on).toBe(false);
    expect(toggle.control.phase).toBe('pending');
    room.report('Projector', { mute: true });
    expect(toggle.on).toBe(true);
    expect(toggle.control.phase).toBe('confirmed');
    // Changed elsewhere (the projector's own remote): the control follows the device.
    room.report('Projector', { mute: false });
    expect(toggle.on).toBe(false);
  });

  it('without a status key, remembers what it last asked for (all it can know)', async () => {
    toggle = new ToggleState(room, { ...blank, status: undefined });
    expect(toggle.on).toBe(false);
    toggle.toggle();
    expect(toggle.on).toBe(true);
    room.complete();
    await settle();
    toggle.toggle();
    expect(room.sent.map((c) => c.args)).toEqual([[true], [false]]);
    expect(toggle.on).toBe(false);
  });
});
