import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { AppConfig, EnrolmentView, RoomdeckApi, SessionStatus, SystemDetail } from '#contract';
import App from '../../../renderer/src/App.svelte';
import { AppModel } from '../../../renderer/src/lib/app/app.svelte.ts';
import { systemClock } from '../../../renderer/src/lib/time/clock.ts';
import PanelSection from '../../../renderer/src/views/technician/PanelSection.svelte';
import { contractApi, type VerbAnswers } from '../../support/contract-api.ts';

const ENROLLED: EnrolmentView = {
  enrolment: { systemId: 'sys-huddle', enrolledAt: '2026-11-25T08:00:00.000Z' },
  enrolling: false,
  supportContact: 'AV desk, extension 4400',
};
const SIGNED_OUT: SessionStatus = { state: 'signed-out', reason: null, server: 'https://c.example' };

function api(view: EnrolmentView, extra: VerbAnswers = {}): RoomdeckApi {
  return contractApi({
    enrolment: {
      status: vi.fn(async () => view),
      begin: vi.fn(async () => ({ view: { ...view, enrolment: null, enrolling: true }, status: SIGNED_OUT })),
      unenrol: vi.fn(async () => ({ view: { ...view, enrolment: null }, status: SIGNED_OUT })),
    },
    diagnostics: { export: vi.fn() },
    systems: {
      get: vi.fn(
        async () => ({ system: { name: 'Huddle 3.2' }, modules: [], zones: [] }) as unknown as SystemDetail,
      ),
    },
    ...extra,
  });
}

describe('the technician tools’ Panel section', () => {
  it('shows the room the panel is enrolled to, by name, and the support contact', async () => {
    render(PanelSection, { props: { api: api(ENROLLED), onsessionchange: vi.fn() } });
    expect(await screen.findByText('Huddle 3.2')).toBeVisible();
    expect(screen.getByText('AV desk, extension 4400')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Re-enrol this panel' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Un-enrol this panel' })).toBeEnabled();
  });

  it('un-enrols only after the technician confirms, then tells the shell to start over', async () => {
    const fake = api(ENROLLED);
    const onsessionchange = vi.fn();
    render(PanelSection, { props: { api: fake, onsessionchange } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Un-enrol this panel' }));
    await fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(fake.enrolment.unenrol).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByRole('button', { name: 'Un-enrol this panel' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await vi.waitFor(() => expect(onsessionchange).toHaveBeenCalledTimes(1));
    expect(fake.enrolment.unenrol).toHaveBeenCalledTimes(1);
  });

  it('says why diagnostics could not be exported', async () => {
    const fake = api(ENROLLED, {
      diagnostics: {
        export: vi.fn(async () => {
          throw Object.assign(new Error('Roomdeck itself is not answering.'), {
            code: 'ROOMDECK_BRIDGE_UNREACHABLE',
          });
        }),
      },
    });
    render(PanelSection, { props: { api: fake, onsessionchange: vi.fn() } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Download diagnostics' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('not answering');
  });
});

describe('the sign-in screen of an enrolled panel whose session ended', () => {
  it('says who to call and offers re-enrolment instead of a plain sign-in', async () => {
    const status: SessionStatus = {
      state: 'signed-out',
      reason: { code: 'ROOMDECK_SESSION_ENDED', message: 'Your session has ended.' },
      server: 'https://c.example',
    };
    const fake = api(ENROLLED, {
      session: { status: vi.fn(async () => status) },
      config: { get: vi.fn(async () => ({}) as AppConfig) },
    });
    const model = new AppModel(fake, { assign: vi.fn() });
    render(App, { props: { model, clock: systemClock } });
    await model.boot();
    expect(await screen.findByRole('button', { name: 'Re-enrol this panel' })).toBeVisible();
    expect(screen.getByText('AV desk, extension 4400')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });
});
