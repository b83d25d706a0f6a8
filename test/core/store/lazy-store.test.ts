import { describe, expect, it } from 'vitest';
import { Session } from '../../../core/auth/session.ts';
import { createOAuthContext } from '../../../core/auth/flows.ts';
import { lazyStore } from '../../../core/store/lazy-store.ts';
import { createSafeStorageVault, type KeyValueStore } from '../../../core/store/safe-storage-vault.ts';

const safeStorage = {
  isEncryptionAvailable: () => true,
  encryptString: (plain: string) => Buffer.from(plain),
  decryptString: (cipher: Buffer) => cipher.toString(),
};

function mapStore(): KeyValueStore {
  const data = new Map<string, unknown>();
  return { get: (k) => data.get(k), set: (k, v) => void data.set(k, v), delete: (k) => void data.delete(k) };
}

describe('the vault store opened on first use', () => {
  it('does not open anything until the vault is used, then opens once', () => {
    let opened = 0;
    const store = lazyStore(() => {
      opened++;
      return mapStore();
    });
    expect(opened).toBe(0);
    store.set('a', 1);
    expect(store.get('a')).toBe(1);
    store.delete('a');
    expect(opened).toBe(1);
  });

  it('turns a store that cannot be opened into a signed-out session, not a crash', async () => {
    let attempts = 0;
    const store = lazyStore(() => {
      attempts++;
      throw new Error('EACCES: permission denied, open vault.json');
    });
    const session = new Session({
      oauth: createOAuthContext({
        serverUrl: 'http://127.0.0.1:9/',
        clientId: 'roomdeck',
        scope: '',
        timeoutMs: 1000,
      }),
      vault: createSafeStorageVault({ safeStorage, store, allowInsecure: false }),
      serverUrl: 'http://127.0.0.1:9/',
      clientId: 'roomdeck',
      signInMode: 'host-redirect',
      hostCallbackUrl: 'http://127.0.0.1:9/callback',
    });
    await session.restore();
    expect(session.status().state).toBe('signed-out');
    expect(attempts).toBe(1);
    // A later use tries again: someone may have fixed the file.
    expect(() => store.get('session')).toThrow(/EACCES/);
    expect(attempts).toBe(2);
    session.dispose();
  });
});
