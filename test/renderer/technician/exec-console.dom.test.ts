import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import ExecConsole from '../../../renderer/src/views/technician/ExecConsole.svelte';
import ParamInput from '../../../renderer/src/views/technician/ParamInput.svelte';
import { fieldFor } from '../../../renderer/src/lib/technician/modules/schema-form.ts';
import { fakeBridge, huddle } from './fake-bridge.ts';

describe('exec console', () => {
  it('renders each parameter as the control its schema calls for', () => {
    const kinds = [
      [fieldFor('state', { type: 'boolean' }), 'switch'],
      [fieldFor('level', { type: 'integer', minimum: 0, maximum: 100 }), 'spinbutton'],
      [fieldFor('input', { enum: ['hdmi1', 'hdmi2'] }), 'combobox'],
      [fieldFor('name', { type: 'string' }), 'textbox'],
    ] as const;
    for (const [field, role] of kinds) {
      const { unmount } = render(ParamInput, { field, value: '', problem: null, onchange: () => {} });
      expect(screen.getByRole(role)).toBeInTheDocument();
      unmount();
    }
  });

  it('runs Display volume 40 and shows the result and the state', async () => {
    const fake = fakeBridge();
    fake.state.power = true;
    render(ExecConsole, { api: fake.api, systemId: huddle.id, moduleId: 'mod-display' });
    const method = await screen.findByLabelText('Method');
    await screen.findByRole('option', { name: 'volume' });
    await fireEvent.change(method, { target: { value: 'volume' } });
    await fireEvent.input(screen.getByLabelText(/^level/), { target: { value: '40' } });
    const run = screen.getByRole('button', { name: 'Run Display 1.volume' });
    await fireEvent.click(run);

    const result = await screen.findByRole('region', { name: 'Result' });
    expect(await within(result).findByLabelText('Result JSON')).toHaveTextContent('null');
    expect(run).toHaveAttribute('data-state', 'done');
    await waitFor(() =>
      expect(screen.getByLabelText('State of Display 1 JSON')).toHaveTextContent('"volume": 40'),
    );
  });

  it('shows a field’s reason next to it instead of sending', async () => {
    const fake = fakeBridge();
    render(ExecConsole, { api: fake.api, systemId: huddle.id, moduleId: 'mod-display' });
    await screen.findByRole('option', { name: 'volume' });
    await fireEvent.change(screen.getByLabelText('Method'), { target: { value: 'volume' } });
    await fireEvent.input(screen.getByLabelText(/^level/), { target: { value: '400' } });
    await fireEvent.click(screen.getByRole('button', { name: /Run/ }));
    expect(await screen.findByText('must be at most 100')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.verb === 'systems.exec')).toBe(false);
  });

  it('names the device and method a failure came from, beside the device’s own words', async () => {
    const fake = fakeBridge();
    render(ExecConsole, { api: fake.api, systemId: huddle.id, moduleId: 'mod-display' });
    await screen.findByRole('option', { name: 'volume' });
    await fireEvent.change(screen.getByLabelText('Method'), { target: { value: 'volume' } });
    await fireEvent.input(screen.getByLabelText(/^level/), { target: { value: '20' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Run Display 1.volume' }));
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(
      await within(result).findByRole('heading', { name: 'Display 1.volume failed' }),
    ).toBeInTheDocument();
    expect(within(result).getByRole('alert')).toHaveTextContent(
      'The device reported an error. (display is off)',
    );
  });
});
