import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { TechnicianAccessModel } from '../../../renderer/src/lib/technician/access/access.svelte.ts';
import TechnicianSignIn from '../../../renderer/src/views/technician/TechnicianSignIn.svelte';

/*
 * Where the service has no sign-in by phone, the drawer's only way is the service's own page, which
 * asks for a password and is not Roomdeck's: the on-screen keyboard cannot reach it. The drawer says
 * so before the technician is sent there with no keyboard.
 */

const access = (deviceOffered: boolean) =>
  ({
    device: null,
    phase: 'sign-in',
    deviceOffered,
    busy: false,
    reason: null,
  }) as unknown as TechnicianAccessModel;

describe('technician sign-in on a kiosk', () => {
  it('without sign-in by phone, says the service’s page needs a real keyboard', () => {
    render(TechnicianSignIn, { access: access(false) });
    expect(screen.getByText(/needs a real keyboard: plug one in/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('with sign-in by phone offered, no such note (the phone is the way without a keyboard)', () => {
    render(TechnicianSignIn, { access: access(true) });
    expect(screen.getByRole('button', { name: 'Sign in with your phone' })).toBeInTheDocument();
    expect(screen.queryByText(/needs a real keyboard/)).toBeNull();
  });
});
