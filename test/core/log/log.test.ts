import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileLog } from '../../../core/log/log.ts';
import { REDACTED, redact, redactText } from '../../../core/log/redact.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'roomdeck-log-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SECRETS = {
  accessToken: 'AT-3f9a7c2e1b4d4e8f',
  refreshToken: 'RT-77aa91bc0d2e4f10',
  password: 'hunter2-demo',
  clientSecret: 'roomdeck-ci-secret',
  pin: '482913',
};

describe('the log file', () => {
  it('writes one JSON object per line with time, level and event', () => {
    const dir = tempDir();
    const log = createFileLog({ dir });
    log.info('start-up', {
      version: '0.1.0',
      configSources: { serverUrl: 'file /etc/roomdeck/config.json' },
    });
    log.warn('link-lost', { state: 'unreachable' });
    const lines = readFileSync(path.join(dir, 'roomdeck.log'), 'utf8').trim().split('\n');
    expect(lines.map((l) => JSON.parse(l) as { level: string; event: string })).toMatchObject([
      { level: 'info', event: 'start-up', version: '0.1.0' },
      { level: 'warn', event: 'link-lost', state: 'unreachable' },
    ]);
    expect(log.recent(1)[0]).toBe(lines[1]);
  });

  it('never writes a token, password, client secret or PIN, however they are passed', () => {
    const dir = tempDir();
    const log = createFileLog({ dir });
    log.info('sign-in', {
      accessToken: SECRETS.accessToken,
      refresh_token: SECRETS.refreshToken,
      user: 'panel@demo.local',
    });
    log.warn('refresh-failed', {
      error: new Error(`token endpoint said no to refresh_token=${SECRETS.refreshToken}`),
    });
    log.error('request', {
      headers: { Authorization: `Bearer ${SECRETS.accessToken}` },
      url: `/cb?code=${SECRETS.pin}`,
    });
    log.info('config', {
      serviceAccount: { username: 'panel', password: SECRETS.password },
      clientSecret: SECRETS.clientSecret,
    });
    log.info(`body {"password": "${SECRETS.password}", "pin": "${SECRETS.pin}"}`);
    log.info('technician', { pinHash: 'scrypt$abc', kioskPin: SECRETS.pin });
    const text = readFileSync(path.join(dir, 'roomdeck.log'), 'utf8');
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect(text).toContain(REDACTED);
    expect(text).toContain('panel@demo.local');
  });

  it('rotates by size and keeps the configured number of old files', () => {
    const dir = tempDir();
    const log = createFileLog({ dir, maxBytes: 2_000, keep: 3 });
    for (let i = 0; i < 200; i += 1) log.info('poll', { i, note: 'x'.repeat(40) });
    const files = readdirSync(dir).sort();
    expect(files).toEqual(['roomdeck.1.log', 'roomdeck.2.log', 'roomdeck.3.log', 'roomdeck.log']);
    const newest = readFileSync(path.join(dir, 'roomdeck.log'), 'utf8').trim().split('\n').at(-1) ?? '';
    expect(JSON.parse(newest)).toMatchObject({ event: 'poll', i: 199 });
  });
});

describe('redaction', () => {
  it('blanks secret-named fields at any depth and leaves the rest', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), (secret, plain) => {
        const out = redact({
          a: { b: { refresh_token: secret, room: plain } },
          list: [{ password: secret }],
        }) as {
          a: { b: { refresh_token: string; room: string } };
          list: { password: string }[];
        };
        expect(out.a.b.refresh_token).toBe(REDACTED);
        expect(out.list[0]?.password).toBe(REDACTED);
        expect(out.a.b.room).toBe(redactText(plain));
      }),
    );
  });

  it('tells PIN fields from words that merely contain "pin"', () => {
    expect(
      redact({ pin: '1', kioskPin: '2', pin_hash: '3', ping: 'ok', mapping: 'm', spinner: 's' }),
    ).toEqual({
      pin: REDACTED,
      kioskPin: REDACTED,
      pin_hash: REDACTED,
      ping: 'ok',
      mapping: 'm',
      spinner: 's',
    });
  });

  it('scrubs bearer tokens and credential parameters out of free text', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9._~-]{8,40}$/), (token) => {
        for (const text of [
          `Bearer ${token}`,
          `x?access_token=${token}&y=1`,
          `client_secret=${token}`,
          `"password": "${token}"`,
        ]) {
          expect(redactText(text)).not.toContain(token);
        }
      }),
    );
  });
});
