import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { logStart, STOPPED } from '../../../core/diagnostics/collect.ts';
import { createFileLog } from '../../../core/log/log.ts';
import { testConfig } from '../../support/services.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'roomdeck-collect-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const context = {
  host: 'browser-host' as const,
  versions: { roomdeck: '1.2.3' },
  configSources: { serverUrl: 'flag --server', clientSecret: 'environment variable ROOMDECK_CLIENT_SECRET' },
  configProblems: ['kiosk (config file /etc/roomdeck/config.json line 3): Expected boolean'],
};
const configIn = (dataDir: string) =>
  testConfig('https://control.example.org', { clientSecret: 'S3cret-value-x', dataDir });
const events = () =>
  readFileSync(path.join(dir, 'roomdeck.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { event: string; sources?: Record<string, string> });

describe('the start of a run in the log', () => {
  it('logs versions, where each value came from and the configuration’s problems, never a secret', () => {
    logStart(createFileLog({ dir }), configIn(dir), context);
    const logged = events();
    expect(logged.map((e) => e.event)).toEqual([
      'roomdeck started',
      'configuration sources',
      'configuration problem',
    ]);
    expect(logged[1]?.sources?.serverUrl).toBe('flag --server');
    expect(readFileSync(path.join(dir, 'roomdeck.log'), 'utf8')).not.toContain('S3cret-value-x');
  });

  it('says the previous run crashed when it did not end with a clean stop, and not after a clean one', () => {
    const first = createFileLog({ dir });
    logStart(first, configIn(dir), context);
    first.error('crashed: uncaught exception', {});
    logStart(createFileLog({ dir }), configIn(dir), context);
    const recovered = events().filter((e) => e.event.startsWith('recovered'));
    expect(recovered).toHaveLength(1);

    const clean = createFileLog({ dir });
    clean.info(STOPPED);
    logStart(createFileLog({ dir }), configIn(dir), context);
    expect(events().filter((e) => e.event.startsWith('recovered'))).toHaveLength(1);
  });
});
