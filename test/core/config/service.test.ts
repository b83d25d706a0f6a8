import { describe, expect, it } from 'vitest';
import { chooseService } from '../../../core/config/service.ts';

const base = { serverUrl: '', demo: false, packaged: true, machineConfigFile: '/etc/roomdeck/config.json' };

describe('which control service Roomdeck starts with', () => {
  it('a configured service, whatever else is said', () => {
    for (const packaged of [true, false]) {
      for (const demo of [true, false]) {
        expect(chooseService({ ...base, serverUrl: 'https://control.example.org', packaged, demo })).toEqual({
          kind: 'configured',
        });
      }
    }
  });

  it('a packaged app without a service starts the demo building only with --demo', () => {
    expect(chooseService({ ...base, demo: true })).toEqual({ kind: 'demo' });
  });

  it('a packaged app without a service and without --demo says it has no service, and how to fix it', () => {
    const choice = chooseService(base);
    expect(choice.kind).toBe('unconfigured');
    if (choice.kind !== 'unconfigured') return;
    expect(choice.message).toMatch(/^This panel has no control service configured\. /);
    expect(choice.message).toContain('/etc/roomdeck/config.json');
    expect(choice.message).toContain('--demo');
  });

  it('a checkout run by npm start (not packaged) keeps starting the demo building', () => {
    expect(chooseService({ ...base, packaged: false })).toEqual({ kind: 'demo' });
  });
});
