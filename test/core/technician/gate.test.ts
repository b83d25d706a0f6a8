import { describe, expect, it } from 'vitest';
import type { SessionStatus, SignInStart } from '../../../core/auth/session.ts';
import { createMemoryLog, type Log } from '../../../core/log/log.ts';
import { TechnicianGate, type TechnicianSession } from '../../../core/technician/gate.ts';
import type { LockoutState, LockoutStore } from '../../../core/technician/lockout.ts';
import type { PinHash } from '../../../core/technician/pin.ts';
import { FakeClock, settle } from '../../support/fake-clock.ts';

/** A stand-in hash: the fake verifier below knows the PIN, the gate never does. */
const HASH: PinHash = { N: 2, r: 1, p: 1, salt: Buffer.alloc(8), hash: Buffer.alloc(16) };
const RIGHT = '482913';

class FakeTechnicianSession implements TechnicianSession {
  state: SessionStatus['state'] = 'signed-out';
  signOuts = 0;
  readonly #listeners = new Set<(s: SessionStatus) => void>();
  status(): SessionStatus {
    return { state: this.state, reason: null, server: 'http://127.0.0.1:1' };
  }
  async beginSignIn(): Promise<SignInStart> {
    this.set('signing-in');
    return { navigateTo: 'http://127.0.0.1:1/auth/oauth/authorize?state=s', completion: Promise.resolve() };
  }
  async signOut(): Promise<void> {
    this.signOuts++;
    this.set('signed-out');
  }
  onChange(listener: (s: SessionStatus) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  set(state: SessionStatus['state']): void {
    this.state = state;
    for (const listener of this.#listeners) listener(this.status());
  }
}

function gate(
  over: {
    pinHash?: PinHash | null;
    idleTimeoutMs?: number;
    log?: Log;
    store?: LockoutStore;
    verify?: (pin: string) => Promise<boolean>;
  } = {},
) {
  const clock = new FakeClock();
  const session = new FakeTechnicianSession();
  const checked: string[] = [];
  const technician = new TechnicianGate({
    pinHash: over.pinHash === undefined ? HASH : over.pinHash,
    idleTimeoutMs: over.idleTimeoutMs ?? 120_000,
    graceMs: 10_000,
    session,
    clock,
    verify: async (pin) => {
      checked.push(pin);
      return over.verify ? over.verify(pin) : pin === RIGHT;
    },
    ...(over.log ? { log: over.log } : {}),
    ...(over.store ? { store: over.store } : {}),
  });
  return { technician, session, clock, checked };
}

describe('the technician PIN gate', () => {
  it('offers nothing without a PIN configured: not available, never opens', async () => {
    const { technician, checked } = gate({ pinHash: null });
    expect(technician.status()).toMatchObject({ available: false, open: false });
    expect((await technician.unlock(RIGHT)).outcome).toBe('unavailable');
    expect(checked).toEqual([]);
    expect(() => technician.assertOpen()).toThrow(
      expect.objectContaining({ code: 'ROOMDECK_TECHNICIAN_LOCKED' }),
    );
  });

  it('says how many tries are left after a wrong PIN, and opens on the right one', async () => {
    const { technician } = gate();
    const wrong = await technician.unlock('111111');
    expect(wrong).toMatchObject({ outcome: 'wrong', access: { open: false, triesLeft: 4, retryInMs: 0 } });
    const right = await technician.unlock(RIGHT);
    expect(right).toMatchObject({ outcome: 'opened', access: { open: true, triesLeft: 5 } });
    expect(() => technician.assertOpen()).not.toThrow();
  });

  it('locks for 60 s after five wrong PINs, refusing even the right one unhashed, then lets it in', async () => {
    const { technician, clock, checked } = gate();
    for (let i = 0; i < 4; i++) await technician.unlock('000000');
    const fifth = await technician.unlock('000000');
    expect(fifth).toMatchObject({ outcome: 'locked', access: { triesLeft: 0, retryInMs: 60_000 } });
    await clock.advance(20_000);
    const during = await technician.unlock(RIGHT);
    expect(during).toMatchObject({ outcome: 'locked', access: { open: false, retryInMs: 40_000 } });
    expect(checked).not.toContain(RIGHT);
    await clock.advance(40_000);
    expect((await technician.unlock(RIGHT)).outcome).toBe('opened');
  });

  it('checks PINs one at a time, so a burst of guesses cannot outrun the lock-out', async () => {
    const { technician, checked } = gate();
    const burst = await Promise.all(Array.from({ length: 12 }, () => technician.unlock('999999')));
    expect(checked).toHaveLength(5);
    expect(burst.filter((r) => r.outcome === 'locked')).toHaveLength(8);
  });

  it('closes after the inactivity timeout (plus grace) and signs the technician out', async () => {
    const { technician, session, clock } = gate({ idleTimeoutMs: 120_000 });
    await technician.unlock(RIGHT);
    await technician.signIn();
    session.set('signed-in');
    await clock.advance(129_000);
    expect(technician.open).toBe(true);
    await clock.advance(2_000);
    expect(technician.open).toBe(false);
    expect(session.signOuts).toBe(1);
    expect(session.state).toBe('signed-out');
  });

  it('every touch restarts the inactivity timeout', async () => {
    const { technician, clock } = gate({ idleTimeoutMs: 60_000 });
    await technician.unlock(RIGHT);
    for (let i = 0; i < 5; i++) {
      await clock.advance(50_000);
      technician.touch();
    }
    expect(technician.open).toBe(true);
    await clock.advance(70_001);
    expect(technician.open).toBe(false);
  });

  it('stays open while the technician is at the service’s sign-in page (that has its own deadline)', async () => {
    const { technician, clock } = gate({ idleTimeoutMs: 60_000 });
    await technician.unlock(RIGHT);
    await technician.signIn();
    await clock.advance(200_000);
    expect(technician.open).toBe(true);
  });

  it('refuses a sign-in behind a closed gate, and Close signs out and locks', async () => {
    const { technician, session } = gate();
    await expect(technician.signIn()).rejects.toMatchObject({ code: 'ROOMDECK_TECHNICIAN_LOCKED' });
    await technician.unlock(RIGHT);
    await technician.signIn();
    session.set('signed-in');
    await technician.close();
    expect(technician.status()).toMatchObject({ open: false, session: { state: 'signed-out' } });
    expect(session.signOuts).toBe(1);
  });

  it('logs who got in and when, wrong PINs, the pad locking and the tools closing, never a PIN', async () => {
    const log = createMemoryLog();
    const { technician, clock } = gate({ log });
    await technician.unlock('111111');
    for (let i = 0; i < 4; i++) await technician.unlock('000000');
    await clock.advance(60_000);
    await technician.unlock(RIGHT);
    await technician.close();
    await technician.unlock(RIGHT);
    await clock.advance(200_000);
    const lines = log
      .recent()
      .map((line) => JSON.parse(line) as { event: string; level: string } & Record<string, unknown>);
    expect(lines.map((l) => l.event)).toEqual([
      'technician PIN refused',
      'technician PIN refused',
      'technician PIN refused',
      'technician PIN refused',
      'technician PIN refused: pad locked',
      'technician tools opened',
      'technician tools closed',
      'technician tools opened',
      'technician tools closed',
    ]);
    expect(lines[0]).toMatchObject({ level: 'warn', triesLeft: 4 });
    expect(lines[4]).toMatchObject({ retryInMs: 60_000 });
    expect(lines.filter((l) => l.event === 'technician tools closed').map((l) => l.why)).toEqual([
      'closed',
      'idle',
    ]);
    const text = log.recent().join('\n');
    for (const pin of [RIGHT, '111111', '000000']) expect(text).not.toContain(pin);
  });

  it('puts a try on the disk before the PIN is hashed, so dying mid-check does not give it back', async () => {
    const saved: LockoutState[] = [];
    let release: (right: boolean) => void = () => undefined;
    const store: LockoutStore = { load: () => null, save: (state) => void saved.push(state) };
    const { technician } = gate({ store, verify: () => new Promise<boolean>((r) => (release = r)) });
    const answer = technician.unlock(RIGHT);
    await settle();
    // Still hashing: the try is already recorded as used.
    expect(saved).toEqual([{ wrong: 1, lockouts: 0, lockedUntil: 0 }]);
    release(true);
    expect((await answer).outcome).toBe('opened');
    // The right PIN settles it: nothing used.
    expect(saved.at(-1)).toEqual({ wrong: 0, lockouts: 0, lockedUntil: 0 });
  });

  it('takes up the recorded lock-out, and keeps working on memory when the disk will not take it', async () => {
    const log = createMemoryLog();
    const store: LockoutStore = {
      load: () => ({ wrong: 4, lockouts: 0, lockedUntil: 0 }),
      save: () => {
        throw new Error('EROFS: read-only file system');
      },
    };
    const { technician } = gate({ store, log });
    expect(technician.status().triesLeft).toBe(1);
    expect((await technician.unlock('000000')).outcome).toBe('locked');
    expect(log.recent().join('\n')).toContain(
      'technician PIN lock-out could not be saved; kept in memory only',
    );
  });

  it('a gate without a PIN never reads the record', () => {
    let loads = 0;
    const store: LockoutStore = {
      load: () => {
        loads++;
        return null;
      },
      save: () => undefined,
    };
    gate({ pinHash: null, store });
    expect(loads).toBe(0);
  });
});
