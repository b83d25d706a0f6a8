import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCKOUT_FILE, lockoutFile } from '../../../core/technician/lockout-file.ts';

const dir = () => mkdtempSync(path.join(tmpdir(), 'roomdeck-lockout-file-'));
const STATE = { wrong: 2, lockouts: 1, lockedUntil: 1_900_000_000_000 };

describe('the lock-out file', () => {
  it('reads back what it wrote, owner-only, in an owner-only folder, leaving no temporary file', () => {
    const root = dir();
    const data = path.join(root, 'Roomdeck');
    lockoutFile({ dataDir: data }).save(STATE);
    expect(lockoutFile({ dataDir: data }).load()).toEqual(STATE);
    if (process.platform !== 'win32') {
      expect(statSync(path.join(data, LOCKOUT_FILE)).mode & 0o777).toBe(0o600);
      expect(statSync(data).mode & 0o777).toBe(0o700);
    }
    expect(readdirSync(data)).toEqual([LOCKOUT_FILE]);
  });

  it('no file: nothing recorded', () => {
    expect(lockoutFile({ dataDir: dir() }).load()).toBeNull();
  });

  it('anything that is not a lock-out record is damaged, never an exception', () => {
    for (const text of [
      '',
      '{',
      'null',
      '[]',
      '{"format":2,"wrong":0,"lockouts":0,"lockedUntil":0}',
      '{"format":1,"wrong":-1,"lockouts":0,"lockedUntil":0}',
      '{"format":1,"wrong":"1","lockouts":0,"lockedUntil":0}',
    ]) {
      const d = dir();
      writeFileSync(path.join(d, LOCKOUT_FILE), text);
      expect(lockoutFile({ dataDir: d }).load(), text).toBe('damaged');
    }
    const folder = dir();
    mkdirSync(path.join(folder, LOCKOUT_FILE));
    expect(lockoutFile({ dataDir: folder }).load()).toBe('damaged');
  });

  it('a save that cannot happen throws (the gate logs it) and leaves no temporary file', () => {
    const d = dir();
    mkdirSync(path.join(d, LOCKOUT_FILE));
    writeFileSync(path.join(d, LOCKOUT_FILE, 'x'), '');
    expect(() => lockoutFile({ dataDir: d }).save(STATE)).toThrow();
    expect(readdirSync(d)).toEqual([LOCKOUT_FILE]);
  });
});
