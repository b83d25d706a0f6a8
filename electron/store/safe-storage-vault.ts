import { VaultError } from '../api/errors.ts';
import { parseStoredTokens, type StoredTokens, type TokenVault } from './vault.ts';

/**
 * The Electron vault: tokens encrypted with Electron's safeStorage (Keychain, DPAPI, or the Linux
 * keyring via libsecret/kwallet) and the ciphertext kept in electron-store. This file never imports
 * electron: the Electron glue passes `safeStorage` and an electron-store instance, and tests pass
 * fakes of the same shape.
 */

/** The part of Electron's `safeStorage` we use. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
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
  function assertSecure(): void {
    if (!safeStorage.isEncryptionAvailable()) {
      throw new VaultError({ cause: 'safeStorage encryption is not available' });
    }
    const backend = safeStorage.getSelectedStorageBackend?.();
    if (backend === 'basic_text' && !options.allowInsecure) {
      throw new VaultError({ cause: 'safeStorage backend is basic_text (no keyring)' });
    }
  }

  return {
    async load() {
      assertSecure();
      const stored = store.get(key);
      if (typeof stored !== 'string' || stored === '') return null;
      try {
        return parseStoredTokens(safeStorage.decryptString(Buffer.from(stored, 'base64')));
      } catch {
        // Encrypted under another user or keyring, or damaged: unreadable means signed out.
        return null;
      }
    },

    async save(tokens: StoredTokens) {
      assertSecure();
      store.set(key, safeStorage.encryptString(JSON.stringify(tokens)).toString('base64'));
    },

    async clear() {
      // Wiping needs no encryption, and must work even when the backend is refused.
      store.delete(key);
    },
  };
}
