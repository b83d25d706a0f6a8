import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import TechnicianTools from '../../../renderer/src/views/technician/TechnicianTools.svelte';
import { fakeBridge, huddle } from './fake-bridge.ts';

async function openEdit(fake: ReturnType<typeof fakeBridge>) {
  const onexit = vi.fn();
  render(TechnicianTools, { api: fake.api, onexit });
  await fireEvent.click(screen.getByRole('button', { name: 'Systems' }));
  await fireEvent.click(await screen.findByRole('button', { name: /Huddle 3\.2/ }));
  await screen.findByRole('heading', { name: 'Huddle 3.2' });
  return onexit;
}

describe('technician tools: systems', () => {
  it('edits a system’s capacity and shows the new version', async () => {
    const fake = fakeBridge();
    await openEdit(fake);
    await fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const capacity = await screen.findByLabelText('Capacity');
    await fireEvent.input(capacity, { target: { value: '6' } });
    const save = screen.getByRole('button', { name: 'Save changes' });
    await fireEvent.click(save);
    expect(await screen.findByText(/Saved\. The system is now at version 3/)).toBeInTheDocument();
    expect(save).toHaveAttribute('data-state', 'done');
  });

  it('on a conflict says someone else changed the room, keeps the edit, and reloads', async () => {
    const fake = fakeBridge();
    await openEdit(fake);
    await fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await fireEvent.input(await screen.findByLabelText('Capacity'), { target: { value: '6' } });
    fake.changeBehindTheBack(huddle.id, { capacity: 5 });
    await fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByText(/Someone else changed this room/);
    expect(alert.closest('[role="alert"]')).toHaveAttribute('data-conflict', 'true');
    expect(screen.getByLabelText('Capacity')).toHaveValue('6');

    await fireEvent.click(screen.getByRole('button', { name: 'Reload latest version' }));
    expect(await screen.findByText('Someone else set this to: 5')).toBeInTheDocument();
    expect(screen.getByLabelText('Capacity')).toHaveValue('6');
    await fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/now at version 4/)).toBeInTheDocument();
  });

  it('shows a settings parse error next to the field', async () => {
    const fake = fakeBridge();
    await openEdit(fake);
    await fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const settings = await screen.findByLabelText('Settings (JSON)');
    await fireEvent.input(settings, { target: { value: '{"a": ' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(settings).toHaveAttribute('aria-invalid', 'true'));
    expect(settings.closest('[data-field="settings"]')).toHaveTextContent(/is not valid JSON/);
  });

  it('asks before deleting, and shows the role message when the account may not', async () => {
    const fake = fakeBridge({ forbid: ['systems.remove'] });
    await openEdit(fake);
    const remove = screen.getByRole('button', { name: 'Delete system' });
    await fireEvent.click(remove);
    await fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(/Your account may not do this/)).toBeInTheDocument();
    expect(remove).toHaveAttribute('data-state', 'failed');
  });

  it('goes back through its views and then leaves', async () => {
    const fake = fakeBridge();
    const onexit = await openEdit(fake);
    await fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Systems' })).toBeInTheDocument();
    expect(onexit).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onexit).toHaveBeenCalledOnce();
  });
});
