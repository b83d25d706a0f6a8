import { describe, expect, it } from 'vitest';
import type { SessionStatus } from '../../../core/auth/session.ts';
import { PanelEnrolment } from '../../../core/enrolment/enrolment.ts';
import { createMemoryLog } from '../../../core/log/log.ts';
import { memorySettings } from '../../support/services.ts';

/** A session that is signed in or out as the test says, and tells listeners when it changes. */
function fakeSession() {
  let status: SessionStatus = { state: 'signed-in', reason: null, server: 'https://control.example.org' };
  const listeners = new Set<(s: SessionStatus) => void>();
  const set = (state: SessionStatus['state']) => {
    status = { ...status, state };
    for (const listener of listeners) listener(status);
  };
  return {
    set,
    signOuts: 0,
    status: () => status,
    onChange(listener: (s: SessionStatus) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async signOut() {
      this.signOuts += 1;
      set('signed-out');
    },
  };
}

const at = new Date(Date.UTC(2026, 10, 25, 8, 0));

function enrolmentWith(configuredSystemId: string | null = null) {
  const settings = memorySettings();
  const session = fakeSession();
  const log = createMemoryLog();
  const enrolment = new PanelEnrolment({
    settings,
    session,
    configuredSystemId,
    supportContact: 'AV desk',
    now: () => at,
    log,
  });
  return { settings, session, enrolment, log };
}

describe('panel enrolment', () => {
  it('signs the technician out, then binds the room the panel’s account chooses', async () => {
    const { settings, session, enrolment, log } = enrolmentWith();
    settings.setSystemId('sys-old');
    await enrolment.begin();
    expect(session.signOuts).toBe(1);
    expect(settings.getSystemId()).toBeNull();
    expect(enrolment.view()).toEqual({ enrolment: null, enrolling: true, supportContact: 'AV desk' });

    session.set('signed-in');
    enrolment.chooseSystem('sys-huddle');
    expect(enrolment.view().enrolment).toEqual({ systemId: 'sys-huddle', enrolledAt: at.toISOString() });
    expect(enrolment.bound).toBe(true);
    expect(settings.getSystemId()).toBe('sys-huddle');
    expect(log.recent().some((line) => line.includes('"panel enrolled"'))).toBe(true);
  });

  it('refuses another room once enrolled, until re-enrolment', async () => {
    const { session, enrolment } = enrolmentWith();
    await enrolment.begin();
    session.set('signed-in');
    enrolment.chooseSystem('sys-huddle');
    expect(() => enrolment.chooseSystem('sys-boardroom')).toThrow(
      expect.objectContaining({ code: 'ROOMDECK_PANEL_ENROLLED' }),
    );
    await enrolment.begin();
    expect(enrolment.bound).toBe(false);
    session.set('signed-in');
    enrolment.chooseSystem('sys-boardroom');
    expect(enrolment.view().enrolment?.systemId).toBe('sys-boardroom');
  });

  it('does not enrol a room chosen while nobody is signed in, nor one chosen outside enrolment', async () => {
    const { session, enrolment, settings } = enrolmentWith();
    enrolment.chooseSystem('sys-huddle');
    expect(enrolment.bound).toBe(false);
    await enrolment.begin();
    session.set('signed-out');
    enrolment.chooseSystem('sys-huddle');
    expect(enrolment.bound).toBe(false);
    expect(settings.getSystemId()).toBe('sys-huddle');
  });

  it('with the room fixed by managed configuration, the panel’s account signing in completes it', async () => {
    const { session, enrolment } = enrolmentWith('sys-fixed');
    await enrolment.begin();
    session.set('signed-in');
    expect(enrolment.view().enrolment?.systemId).toBe('sys-fixed');
  });

  it('un-enrolling signs the panel’s account out and forgets the room', async () => {
    const { session, enrolment, settings } = enrolmentWith();
    await enrolment.begin();
    session.set('signed-in');
    enrolment.chooseSystem('sys-huddle');
    await enrolment.unenrol();
    expect(session.signOuts).toBe(2);
    expect(enrolment.view()).toMatchObject({ enrolment: null, enrolling: false });
    expect(settings.getSystemId()).toBeNull();
  });
});
