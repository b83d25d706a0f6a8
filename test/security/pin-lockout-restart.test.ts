import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLog } from '../../core/log/log.ts';
import { LOCKOUT_FILE, lockoutFile } from '../../core/technician/lockout-file.ts';
import { hashPin } from '../../core/technician/pin.ts';
import { type Running, startHost } from '../e2e/support/processes.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { servicesFor } from '../support/services.ts';
import { openHostBridge } from './support/host-bridge.ts';

/**
 * Attack: guess the kiosk's technician PIN, and whenever the pad locks (or
 * before it does), restart Roomdeck (or make it crash, which the watchdog answers with a restart)
 * to get a fresh round of tries. The lock-out is kept in the data folder (0600), so a restart
 * starts where the last run stopped.
 */

const PIN = '482913';
const WRONG = '000000';
let pinHash: string;
const dirs: string[] = [];

beforeAll(async () => {
  pinHash = await hashPin(PIN, { N: 1024, r: 8, p: 1 });
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'roomdeck-lockout-'));
  dirs.push(dir);
  return dir;
}

describe('the PIN lock-out across restarts of the main process (real files, time held still)', () => {
  /** One run of Roomdeck's main-process services: a kiosk with a PIN, its lock-out in `dir`. */
  function run(dir: string, clock: FakeClock, log = createMemoryLog()) {
    return servicesFor('http://127.0.0.1:9', {
      config: { kiosk: true, technicianPin: pinHash, dataDir: dir },
      clock,
      log,
      technicianLockout: lockoutFile({ dataDir: dir }),
    }).services;
  }

  it('five wrong PINs lock the pad, and after a restart it is still locked, even for the right PIN', async () => {
    const dir = dataDir();
    const clock = new FakeClock();
    const first = run(dir, clock);
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) outcomes.push((await first.api.technician.unlock({ pin: WRONG })).outcome);
    expect(outcomes).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'locked']);
    first.dispose();

    const second = run(dir, clock);
    expect(await second.api.technician.status({})).toMatchObject({
      open: false,
      triesLeft: 0,
      retryInMs: 60_000,
    });
    expect((await second.api.technician.unlock({ pin: PIN })).outcome).toBe('locked');
    await clock.advance(60_000);
    expect((await second.api.technician.unlock({ pin: PIN })).outcome).toBe('opened');
    second.dispose();

    // The right PIN forgot it all, on the disk too.
    const third = run(dir, clock);
    expect(await third.api.technician.status({})).toMatchObject({ triesLeft: 5, retryInMs: 0 });
    third.dispose();
  });

  it('a restart before the pad locks keeps the tries already used', async () => {
    const dir = dataDir();
    const clock = new FakeClock();
    const first = run(dir, clock);
    for (let i = 0; i < 3; i++) await first.api.technician.unlock({ pin: WRONG });
    first.dispose();
    const second = run(dir, clock);
    expect((await second.api.technician.status({})).triesLeft).toBe(2);
    await second.api.technician.unlock({ pin: WRONG });
    expect((await second.api.technician.unlock({ pin: WRONG })).outcome).toBe('locked');
    second.dispose();
  });

  it('keeps the record owner-only (0600)', async () => {
    const dir = dataDir();
    const services = run(dir, new FakeClock());
    await services.api.technician.unlock({ pin: WRONG });
    expect(statSync(path.join(dir, LOCKOUT_FILE)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path.join(dir, LOCKOUT_FILE), 'utf8'))).toMatchObject({ wrong: 1 });
    services.dispose();
  });

  it('a damaged record locks the pad for the first period (and is repaired); the panel runs on', async () => {
    const dir = dataDir();
    const clock = new FakeClock();
    writeFileSync(path.join(dir, LOCKOUT_FILE), '{"format":1,"wrong":', { mode: 0o600 });
    const log = createMemoryLog();
    const services = run(dir, clock, log);
    expect(await services.api.technician.status({})).toMatchObject({ available: true, retryInMs: 60_000 });
    expect(log.recent().join('\n')).toContain(
      'technician PIN lock-out record unreadable: pad locked for the first period',
    );
    expect(JSON.parse(readFileSync(path.join(dir, LOCKOUT_FILE), 'utf8'))).toMatchObject({ format: 1 });
    await clock.advance(60_000);
    expect((await services.api.technician.unlock({ pin: PIN })).outcome).toBe('opened');
    services.dispose();
  });

  it('a missing record is no lock-out', async () => {
    const services = run(dataDir(), new FakeClock());
    expect(await services.api.technician.status({})).toMatchObject({ triesLeft: 5, retryInMs: 0 });
    services.dispose();
  });
});

describe('the PIN lock-out across a crash of the browser host process', () => {
  let host: Running | undefined;
  afterEach(async () => {
    await host?.stop('SIGKILL');
    host = undefined;
  });

  const start = (dir: string) =>
    startHost({
      serverUrl: 'http://127.0.0.1:9',
      dataDir: dir,
      args: ['--kiosk', '--technician-pin', pinHash],
    });

  it('wrong PINs, a crash (SIGKILL) and a restart: the tries used stay used, and the lock stays', async () => {
    const dir = dataDir();
    host = await start(dir);
    let bridge = await openHostBridge(host);
    for (let i = 0; i < 3; i++) {
      expect(await bridge.post('/bridge/technician/unlock', { pin: WRONG })).toMatchObject({
        ok: true,
        value: { outcome: 'wrong' },
      });
    }
    await host.stop('SIGKILL');

    host = await start(dir);
    bridge = await openHostBridge(host);
    expect(await bridge.post('/bridge/technician/status')).toMatchObject({
      ok: true,
      value: { available: true, triesLeft: 2 },
    });
    await bridge.post('/bridge/technician/unlock', { pin: WRONG });
    expect(await bridge.post('/bridge/technician/unlock', { pin: WRONG })).toMatchObject({
      value: { outcome: 'locked' },
    });
    await host.stop('SIGKILL');

    // Locked for 60 s; a restart takes far less (startHost gives up after 30 s).
    host = await start(dir);
    bridge = await openHostBridge(host);
    expect(await bridge.post('/bridge/technician/unlock', { pin: PIN })).toMatchObject({
      ok: true,
      value: { outcome: 'locked', access: { open: false } },
    });
  }, 120_000);
});
