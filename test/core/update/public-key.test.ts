import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadUpdatePublicKeys, PUBLIC_KEY_FILE } from '../../../core/update/public-key.ts';
import { signUpdate, verifyUpdate } from '../../../core/update/signature.ts';

const pem = (type: 'ed25519' | 'rsa') =>
  (type === 'rsa'
    ? generateKeyPairSync('rsa', { modulusLength: 2048 })
    : generateKeyPairSync('ed25519')
  ).publicKey
    .export({ type: 'spki', format: 'pem' })
    .toString();

function dirWith(text: string | null): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'roomdeck-key-'));
  if (text !== null) writeFileSync(path.join(dir, PUBLIC_KEY_FILE), text);
  return dir;
}

const RELEASE = {
  channel: 'latest',
  platform: 'linux',
  file: 'Roomdeck-1.5.0-linux-amd64.deb',
  version: '1.5.0',
  sha512: 'c2hh',
};

describe('the update keys shipped with the app', () => {
  it('are every Ed25519 PUBLIC KEY block in the file (two while a key is rotated)', () => {
    const oldKey = generateKeyPairSync('ed25519');
    const newKey = generateKeyPairSync('ed25519');
    const text = [oldKey, newKey].map((k) => k.publicKey.export({ type: 'spki', format: 'pem' })).join('\n');
    const loaded = loadUpdatePublicKeys(dirWith(text));
    expect(loaded.problem).toBeNull();
    const release = { ...RELEASE, version: '2.0.0', sha512: 'c2hhNTEy' };
    for (const k of [oldKey, newKey]) {
      expect(verifyUpdate(loaded.keys, release, signUpdate(k.privateKey, release))).toBe(true);
    }
    const stranger = generateKeyPairSync('ed25519');
    expect(verifyUpdate(loaded.keys, release, signUpdate(stranger.privateKey, release))).toBe(false);
  });

  it('are none, with the reason, when the file is missing, empty or holds another kind of key', () => {
    expect(loadUpdatePublicKeys(dirWith(null))).toMatchObject({ keys: [], problem: /is missing$/ });
    expect(loadUpdatePublicKeys(dirWith('not a key'))).toMatchObject({ keys: [], problem: /no PEM/ });
    expect(loadUpdatePublicKeys(dirWith(pem('rsa')))).toMatchObject({
      keys: [],
      problem: /must be Ed25519, not rsa/,
    });
    expect(loadUpdatePublicKeys(dirWith(pem('ed25519') + pem('rsa'))).keys).toEqual([]);
  });

  it('do not accept a signature for another channel, platform, file or version, or a malformed one', () => {
    const k = generateKeyPairSync('ed25519');
    const sig = signUpdate(k.privateKey, RELEASE);
    expect(verifyUpdate([k.publicKey], RELEASE, sig)).toBe(true);
    for (const other of [
      { version: '2.0.0' },
      { channel: 'beta' },
      { platform: 'linux-arm64' },
      { file: 'Roomdeck-1.5.0-linux-x86_64.AppImage' },
      { sha512: 'c2hi' },
    ])
      expect(verifyUpdate([k.publicKey], { ...RELEASE, ...other }, sig), JSON.stringify(other)).toBe(false);
    expect(verifyUpdate([k.publicKey], RELEASE, `${sig}\n`)).toBe(false);
    expect(verifyUpdate([k.publicKey], RELEASE, '')).toBe(false);
    // A field cannot carry a line break into the next one.
    expect(verifyUpdate([k.publicKey], { ...RELEASE, file: 'a\nversion 9.9.9' }, sig)).toBe(false);
  });
});
