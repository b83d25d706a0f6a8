import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomdeckApi, TechnicianAccess, UnlockResult } from '#contract';
import { de } from '../../../locales/de.ts';
import { useLanguage } from '../../../renderer/src/lib/i18n/i18n.svelte.ts';
import { TechnicianAccessModel } from '../../../renderer/src/lib/technician/access/access.svelte.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { fakeBridge } from './fake-bridge.ts';

/*
 * The drawer's words in the page's language, not the main process's English: the PIN pad's
 * counts (German plural and singular from one message) and why a sign-in by phone did not work
 * (from the failure's code, whatever English the main process put beside it).
 */

const RIGHT = '4829';
const ENGLISH_DETAIL = 'The service said: access_denied (the user refused on their phone)';

function setup() {
  const clock = new FakeClock();
  let tries = 5;
  let lockedUntil = 0;
  let open = false;
  const access = (): TechnicianAccess => ({
    available: true,
    open,
    triesLeft: tries,
    retryInMs: Math.max(0, lockedUntil - clock.now()),
    idleTimeoutMs: 60_000,
    session: { state: 'signed-out', reason: null, server: 'http://127.0.0.1:1' },
  });
  const technician: RoomdeckApi['technician'] = {
    status: async () => access(),
    unlock: async ({ pin }): Promise<UnlockResult> => {
      if (clock.now() < lockedUntil) return { outcome: 'locked', access: access() };
      if (pin === RIGHT) {
        open = true;
        tries = 5;
        return { outcome: 'opened', access: access() };
      }
      tries -= 1;
      if (tries === 0) {
        tries = 5;
        lockedUntil = clock.now() + 60_000;
        return { outcome: 'locked', access: { ...access(), triesLeft: 0 } };
      }
      return { outcome: 'wrong', access: access() };
    },
    signIn: async () => ({ status: access().session, navigateTo: null }),
    // The technician said no on their phone: the main process reports the code and its English.
    deviceSignIn: async () => ({
      status: {
        state: 'signed-out',
        reason: { code: 'ROOMDECK_SIGN_IN_DENIED', message: ENGLISH_DETAIL },
        server: 'http://127.0.0.1:1',
      },
      device: null,
    }),
    cancelSignIn: async () => access(),
    touch: async () => access(),
    close: async () => {
      open = false;
      return access();
    },
  };
  const model = new TechnicianAccessModel({
    api: { ...fakeBridge().api, technician },
    tools: fakeBridge().api,
    nav: { assign: () => undefined },
    clock,
  });
  return { model };
}

const type = (model: TechnicianAccessModel, pin: string) => {
  for (const d of pin) model.press(d);
};

describe('the technician drawer in German', () => {
  beforeAll(async () => {
    await useLanguage('de');
  });
  afterAll(async () => {
    await useLanguage('en');
  });

  it('counts the tries left in German, plural and singular, and says the lock-out in German', async () => {
    const { model } = setup();
    await model.load();
    model.begin();
    type(model, '1111');
    await model.submit();
    expect(model.feedback).toEqual({ kind: 'wrong', text: 'Falsche PIN, noch 4 Versuche.' });
    for (let i = 0; i < 3; i++) {
      type(model, '2222');
      await model.submit();
    }
    expect(model.feedback).toEqual({ kind: 'wrong', text: 'Falsche PIN, noch 1 Versuch.' });
    type(model, '3333');
    await model.submit();
    expect(model.feedback?.text).toBe('Zu viele falsche PINs. Gesperrt für 60 s.');
  });

  it('says why the sign-in by phone did not work in German, from the failure’s code', async () => {
    const { model } = setup();
    await model.load();
    model.begin();
    type(model, RIGHT);
    await model.submit();
    // Straight after the PIN the phone sign-in starts; the service answers that it was refused.
    expect(model.phase).toBe('sign-in');
    expect(model.reason).toBe(de['error.signInDenied']);
    expect(model.reason).not.toContain('service said');
  });
});
