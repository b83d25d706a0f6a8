import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettings } from '../../../core/store/settings.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'roomdeck-settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('settings', () => {
  it('remembers the chosen room across instances, in the data directory', async () => {
    createSettings({ dataDir: dir }).setSystemId('sys-42');
    expect(createSettings({ dataDir: dir }).getSystemId()).toBe('sys-42');
    expect(await readdir(dir)).toContain('settings.json');
  });

  it('starts with no room, and forgets it on null', () => {
    const settings = createSettings({ dataDir: dir });
    expect(settings.getSystemId()).toBeNull();
    settings.setSystemId('sys-1');
    settings.setSystemId(null);
    expect(createSettings({ dataDir: dir }).getSystemId()).toBeNull();
  });

  it('treats a damaged or mistyped file as empty instead of crashing', async () => {
    await writeFile(join(dir, 'settings.json'), '{ not json');
    expect(createSettings({ dataDir: dir }).getSystemId()).toBeNull();
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ systemId: 7 }));
    expect(createSettings({ dataDir: dir }).getSystemId()).toBeNull();
  });

  it('does not trust a stored room id that could not be one URL path segment', async () => {
    for (const systemId of ['..', '.', 'a/b']) {
      await writeFile(join(dir, 'settings.json'), JSON.stringify({ systemId }));
      expect(createSettings({ dataDir: dir }).getSystemId(), systemId).toBeNull();
    }
  });

  it.runIf(process.platform !== 'win32')('writes the file readable by the user only', async () => {
    createSettings({ dataDir: dir }).setSystemId('sys-1');
    expect((await stat(join(dir, 'settings.json'))).mode & 0o777).toBe(0o600);
  });

  it('means defaults, not a crash, when the file cannot be read at all, and keeps a choice in memory', async () => {
    const { mkdir } = await import('node:fs/promises');
    // A folder where the file should be: every read and write fails with EISDIR.
    await mkdir(join(dir, 'settings.json'));
    const errors: unknown[] = [];
    const settings = createSettings({ dataDir: dir, onError: (err) => errors.push(err) });
    expect(settings.getSystemId()).toBeNull();
    settings.setSystemId('sys-9');
    expect(settings.getSystemId()).toBe('sys-9');
    expect(errors.length).toBeGreaterThan(0);
  });

  it('remembers an enrolment and an enrolment under way across instances, and ignores a mistyped one', async () => {
    const enrolment = {
      systemId: 'sys-9',
      enrolledAt: '2026-11-25T08:00:00.000Z',
      server: 'https://c.example',
    };
    const first = createSettings({ dataDir: dir });
    first.setEnrolling(true);
    first.setEnrolment(enrolment);
    const second = createSettings({ dataDir: dir });
    expect(second.getEnrolment()).toEqual(enrolment);
    expect(second.isEnrolling()).toBe(true);
    second.setEnrolling(false);
    second.setEnrolment(null);
    expect(createSettings({ dataDir: dir }).getEnrolment()).toBeNull();
    expect(createSettings({ dataDir: dir }).isEnrolling()).toBe(false);
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ enrolment: { systemId: 3 } }));
    expect(createSettings({ dataDir: dir }).getEnrolment()).toBeNull();
  });
});
