import { VaultError } from '../api/errors.ts';
import { parseStoredTokens, type StoredTokens, type TokenVault } from './vault.ts';

/**
 * The Electron vault: tokens encrypted with Electron's safeStorage (Keychain, DPAPI, or the Linux
 * keyring via libsecret/kwallet) and the ciphertext kept in electron-store. This file never imports
 * electron: the Electron glue passes `safeStorage` and an electron-store instance, and tests pass
 * fakes of the same shape.
 */

/**
 * The part of Electron's `safeStorage` we use. Electron 45 deprecates the synchronous calls in
 * favour of the async ones (which also report when a value should be encrypted again, after a key
 * rotation); the async forms are used whenever the runtime has them.
 */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  isAsyncEncryptionAvailable?(): Promise<boolean>;
  encryptStringAsync?(plainText: string): Promise<Buffer>;
  decryptStringAsync?(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
  /** Linux only: which backend encrypts. `basic_text` means a hard-coded key, i.e. no protection. */
  getSelectedStorageBackend?(): string;
}

/** The part of an electron-store (or conf) instance we use. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export interface SafeStorageVaultOptions {
  safeStorage: SafeStorageLike;
  store: KeyValueStore;
  /** `config.allowInsecureVault`: accept basic_text knowingly (kiosks without a keyring). */
  allowInsecure: boolean;
  key?: string;
}

export function createSafeStorageVault(options: SafeStorageVaultOptions): TokenVault {
  const { safeStorage, store } = options;
  const key = options.key ?? 'session';

  /** Refuses unless the encryption actually protects something (or the installer accepted that it does not). */
  async function assertSecure(): Promise<void> {
    const available =
      safeStorage.isAsyncEncryptionAvailable !== undefined
        ? await safeStorage.isAsyncEncryptionAvailable()
        : safeStorage.isEncryptionAvailable();
    if (!available) {
      throw new VaultError({ cause: 'safeStorage encryption is not available' });
    }
    const backend = safeStorage.getSelectedStorageBackend?.();
    if (backend === 'basic_text' && !options.allowInsecure) {
      throw new VaultError({ cause: 'safeStorage backend is basic_text (no keyring)' });
    }
  }

  const encrypt = async (plain: string): Promise<Buffer> =>
    safeStorage.encryptStringAsync !== undefined
      ? safeStorage.encryptStringAsync(plain)
      : safeStorage.encryptString(plain);
  const decrypt = async (cipher: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }> =>
    safeStorage.decryptStringAsync !== undefined
      ? safeStorage.decryptStringAsync(cipher)
      : { result: safeStorage.decryptString(cipher), shouldReEncrypt: false };
  const save = async (tokens: StoredTokens): Promise<void> => {
    await assertSecure();
    store.set(key, (await encrypt(JSON.stringify(tokens))).toString('base64'));
  };

  return {
    async load() {
      await assertSecure();
      const stored = store.get(key);
      if (typeof stored !== 'string' || stored === '') return null;
      let tokens: StoredTokens | null;
      let shouldReEncrypt: boolean;
      try {
        const decrypted = await decrypt(Buffer.from(stored, 'base64'));
        tokens = parseStoredTokens(decrypted.result);
        shouldReEncrypt = decrypted.shouldReEncrypt;
      } catch {
        // Encrypted under another user or keyring, or damaged: unreadable means signed out.
        return null;
      }
      // The OS rotated the key: store it again under the new one (best effort; it still opens now).
      if (tokens !== null && shouldReEncrypt) await save(tokens).catch(() => undefined);
      return tokens;
    },

    save,

    async clear() {
      // Wiping needs no encryption, and must work even when the backend is refused.
      store.delete(key);
    },
  };
}
