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

describe('the update keys shipped with the app', () => {
  it('are every Ed25519 PUBLIC KEY block in the file (two while a key is rotated)', () => {
    const oldKey = generateKeyPairSync('ed25519');
    const newKey = generateKeyPairSync('ed25519');
    const text = [oldKey, newKey].map((k) => k.publicKey.export({ type: 'spki', format: 'pem' })).join('\n');
    const loaded = loadUpdatePublicKeys(dirWith(text));
    expect(loaded.problem).toBeNull();
    const sha = 'c2hhNTEy';
    for (const k of [oldKey, newKey]) {
      expect(verifyUpdate(loaded.keys, '2.0.0', sha, signUpdate(k.privateKey, '2.0.0', sha))).toBe(true);
    }
    const stranger = generateKeyPairSync('ed25519');
    expect(verifyUpdate(loaded.keys, '2.0.0', sha, signUpdate(stranger.privateKey, '2.0.0', sha))).toBe(
      false,
    );
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

  it('do not accept a signature for another version, or a malformed one', () => {
    const k = generateKeyPairSync('ed25519');
    const sig = signUpdate(k.privateKey, '1.5.0', 'c2hh');
    expect(verifyUpdate([k.publicKey], '1.5.0', 'c2hh', sig)).toBe(true);
    expect(verifyUpdate([k.publicKey], '2.0.0', 'c2hh', sig)).toBe(false);
    expect(verifyUpdate([k.publicKey], '1.5.0', 'c2hh', `${sig}\n`)).toBe(false);
    expect(verifyUpdate([k.publicKey], '1.5.0', 'c2hh', '')).toBe(false);
  });
});
