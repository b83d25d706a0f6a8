import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BigButton from '../../renderer/src/controls/BigButton.svelte';
import Level from '../../renderer/src/controls/Level.svelte';
import Select from '../../renderer/src/controls/Select.svelte';
import Toggle from '../../renderer/src/controls/Toggle.svelte';
import type { ButtonSpec, LevelSpec, SelectSpec, ToggleSpec } from '../../renderer/src/lib/layout/model.ts';
import { ROOM_CONTEXT } from '../../renderer/src/lib/control/room-context.ts';
import { FakeRoom } from './support/fake-room.ts';

const power: ToggleSpec = {
  id: 'power',
  type: 'toggle',
  label: 'Power',
  module: 'Display',
  index: 1,
  on: { method: 'power', args: [true] },
  off: { method: 'power', args: [false] },
  onWhen: true,
  status: 'power',
};

let room: FakeRoom;
const context = () => new Map<unknown, unknown>([[ROOM_CONTEXT, room]]);
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  room = new FakeRoom();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Toggle', () => {
  it('goes pending → confirmed with aria-busy while pending and aria-pressed from the device', async () => {
    room.report('Display', { power: false });
    render(Toggle, { props: { spec: power }, context: context() });
    const button = screen.getByRole('button', { name: 'Power' });
    expect(button).toHaveAttribute('data-state', 'idle');
    expect(button).toHaveAttribute('aria-pressed', 'false');

    await fireEvent.pointerDown(button);
    expect(button).toHaveAttribute('data-pressed', 'true');
    await fireEvent.click(button);
    expect(button).toHaveAttribute('data-state', 'pending');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(room.sent).toEqual([{ module: 'Display', index: 1, method: 'power', args: [true] }]);

    room.complete();
    room.report('Display', { power: true });
    await settle();
    expect(button).toHaveAttribute('data-state', 'confirmed');
    expect(button).toHaveAttribute('aria-busy', 'false');
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group', { name: 'Power' })).toHaveAttribute('data-state', 'confirmed');
  });

  it('sends one command for a double tap', async () => {
    room.report('Display', { power: false });
    render(Toggle, { props: { spec: power }, context: context() });
    const button = screen.getByRole('button', { name: 'Power' });
    await fireEvent.click(button);
    await fireEvent.click(button);
    expect(room.sent).toHaveLength(1);
  });

  it('shows the error next to the control when the command fails', async () => {
    room.report('Display', { power: false });
    render(Toggle, { props: { spec: power }, context: context() });
    const button = screen.getByRole('button', { name: 'Power' });
    await fireEvent.click(button);
    room.fail('Display at 10.20.4.61 is not responding (offline)');
    await settle();
    expect(button).toHaveAttribute('data-state', 'failed');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Display at 10.20.4.61 is not responding (offline)');
    expect(button).toHaveAccessibleDescription('Display at 10.20.4.61 is not responding (offline)');
  });

  it('locks a projector’s power during warm-up and shows progress', async () => {
    room.report('Projector', {
      power: false,
      warming: true,
      transition_seconds: 20,
      transition_remaining: 5,
    });
    render(Toggle, { props: { spec: { ...power, module: 'Projector' } }, context: context() });
    const button = screen.getByRole('button', { name: 'Power' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('group', { name: 'Power' })).toHaveAttribute('data-locked', 'true');
    const progress = screen.getByRole('progressbar', { name: 'Warming up' });
    expect(progress).toHaveAttribute('aria-valuenow', '75');
    await fireEvent.click(button);
    expect(room.sent).toEqual([]);
  });

  it('shows stale values with a visible cue', async () => {
    room.report('Display', { power: true });
    render(Toggle, { props: { spec: power }, context: context() });
    room.feed('Display', 1).markStale(true);
    await settle();
    expect(screen.getByRole('group', { name: 'Power' })).toHaveAttribute('data-stale', 'true');
    expect(screen.getByText('Not live')).toBeVisible();
  });
});

describe('BigButton', () => {
  const systemOff: ButtonSpec = {
    id: 'off',
    type: 'button',
    label: 'System off',
    module: 'RoomLogic',
    index: 1,
    command: { method: 'power', args: [false] },
    status: 'power',
    activeWhen: false,
    confirm: 'Turn the whole room off?',
  };

  it('asks with big yes/no buttons before "System off", and sends nothing on no', async () => {
    room.report('RoomLogic', { power: true });
    render(BigButton, { props: { spec: systemOff }, context: context() });
    await fireEvent.click(screen.getByRole('button', { name: 'System off' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Turn the whole room off?' });
    expect(dialog).toBeVisible();
    await fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(room.sent).toEqual([]);

    await fireEvent.click(screen.getByRole('button', { name: 'System off' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(room.sent).toEqual([{ module: 'RoomLogic', index: 1, method: 'power', args: [false] }]);
    expect(screen.getByRole('button', { name: 'System off' })).toHaveAttribute('data-state', 'pending');
  });

  it('shows as selected (aria-pressed) while the status equals activeWhen', async () => {
    room.report('Lighting', { scene: 2 });
    const spec: ButtonSpec = {
      id: 'scene',
      type: 'button',
      label: 'Presentation',
      module: 'Lighting',
      index: 1,
      command: { method: 'scene', args: [2] },
      status: 'scene',
      activeWhen: 2,
    };
    render(BigButton, { props: { spec }, context: context() });
    expect(screen.getByRole('button', { name: 'Presentation' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('Select', () => {
  it('marks the option matching the device’s status, and confirms a new choice when it reports it', async () => {
    room.report('Display', { input: 'hdmi1' });
    const spec: SelectSpec = {
      id: 'input',
      type: 'select',
      label: 'Source',
      module: 'Display',
      index: 1,
      method: 'input',
      status: 'input',
      options: [
        { label: 'Laptop', args: ['hdmi1'], value: 'hdmi1' },
        { label: 'Room PC', args: ['hdmi2'], value: 'hdmi2' },
      ],
    };
    render(Select, { props: { spec }, context: context() });
    expect(screen.getByRole('button', { name: 'Laptop' })).toHaveAttribute('aria-pressed', 'true');
    await fireEvent.click(screen.getByRole('button', { name: 'Room PC' }));
    const group = screen.getByRole('group', { name: 'Source' });
    expect(group).toHaveAttribute('data-state', 'pending');
    expect(group).toHaveAttribute('aria-busy', 'true');
    room.complete();
    room.report('Display', { input: 'hdmi2' });
    await settle();
    expect(group).toHaveAttribute('data-state', 'confirmed');
    expect(screen.getByRole('button', { name: 'Room PC' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('Level', () => {
  const volume: LevelSpec = {
    id: 'volume',
    type: 'level',
    label: 'Volume',
    module: 'Display',
    index: 1,
    method: 'volume',
    args: [],
    status: 'volume',
    min: 0,
    max: 100,
    step: 5,
    style: 'steps',
    unit: '%',
  };

  it('steps from the device’s value and confirms when it reports the new level', async () => {
    room.report('Display', { volume: 30 });
    render(Level, { props: { spec: volume }, context: context() });
    await fireEvent.click(screen.getByRole('button', { name: 'Volume up' }));
    expect(room.sent).toEqual([{ module: 'Display', index: 1, method: 'volume', args: [35] }]);
    const group = screen.getByRole('group', { name: 'Volume' });
    expect(group).toHaveAttribute('data-state', 'pending');
    room.complete();
    room.report('Display', { volume: 35 });
    await settle();
    expect(group).toHaveAttribute('data-state', 'confirmed');
    expect(group).toHaveTextContent('35 %');
  });

  it('sends the slider’s value, snapped to the step, when it is let go', async () => {
    room.report('Display', { volume: 30 });
    render(Level, { props: { spec: { ...volume, style: 'slider' } }, context: context() });
    const slider = screen.getByRole('slider', { name: 'Volume' });
    await fireEvent.input(slider, { target: { value: '62' } });
    expect(room.sent).toEqual([]);
    await fireEvent.change(slider, { target: { value: '62' } });
    expect(room.sent).toEqual([{ module: 'Display', index: 1, method: 'volume', args: [60] }]);
  });
});
