import { describe, expect, it } from 'vitest';
import { RoomdeckError } from '../../../core/api/errors.ts';
import {
  type KeyValueStore,
  type SafeStorageLike,
  createSafeStorageVault,
} from '../../../core/store/safe-storage-vault.ts';
import { sampleTokens } from '../../support/tokens.ts';

/** Stands in for electron's safeStorage: a reversible scramble, so plaintext never shows in the store. */
function fakeSafeStorage(backend: string | undefined, available = true): SafeStorageLike {
  const scramble = (b: Buffer) => Buffer.from(b.map((x) => x ^ 0x5a));
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain) => Buffer.concat([Buffer.from('v10'), scramble(Buffer.from(plain, 'utf8'))]),
    decryptString: (enc) => {
      if (!enc.subarray(0, 3).equals(Buffer.from('v10')))
        throw new Error('Error while decrypting the ciphertext');
      return scramble(enc.subarray(3)).toString('utf8');
    },
    ...(backend === undefined ? {} : { getSelectedStorageBackend: () => backend }),
  };
}

function memoryStore(): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: (k) => data.get(k),
    set: (k, v) => void data.set(k, v),
    delete: (k) => void data.delete(k),
  };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => undefined,
    (err: unknown) => (err instanceof RoomdeckError ? err.code : 'not a RoomdeckError'),
  );
}

describe('safeStorage vault (Electron)', () => {
  it('round-trips tokens and stores only ciphertext', async () => {
    const store = memoryStore();
    const vault = createSafeStorageVault({
      safeStorage: fakeSafeStorage('gnome_libsecret'),
      store,
      allowInsecure: false,
    });
    await vault.save(sampleTokens());
    expect(await vault.load()).toEqual(sampleTokens());
    const raw = JSON.stringify([...store.data]);
    expect(raw).not.toContain(sampleTokens().accessToken);
    expect(raw).not.toContain(sampleTokens().refreshToken);
  });

  it('works on macOS and Windows, where there is no backend to select', async () => {
    const vault = createSafeStorageVault({
      safeStorage: fakeSafeStorage(undefined),
      store: memoryStore(),
      allowInsecure: false,
    });
    await vault.save(sampleTokens());
    expect(await vault.load()).toEqual(sampleTokens());
  });

  it('refuses with ROOMDECK_VAULT_INSECURE when the Linux backend is basic_text', async () => {
    const store = memoryStore();
    const vault = createSafeStorageVault({
      safeStorage: fakeSafeStorage('basic_text'),
      store,
      allowInsecure: false,
    });
    expect(await codeOf(vault.save(sampleTokens()))).toBe('ROOMDECK_VAULT_INSECURE');
    expect(await codeOf(vault.load())).toBe('ROOMDECK_VAULT_INSECURE');
    expect(store.data.size).toBe(0);
  });

  it('accepts basic_text only when the installer allowed an insecure vault', async () => {
    const vault = createSafeStorageVault({
      safeStorage: fakeSafeStorage('basic_text'),
      store: memoryStore(),
      allowInsecure: true,
    });
    await vault.save(sampleTokens());
    expect(await vault.load()).toEqual(sampleTokens());
  });

  it('refuses when encryption is not available at all', async () => {
    const vault = createSafeStorageVault({
      safeStorage: fakeSafeStorage('kwallet5', false),
      store: memoryStore(),
      allowInsecure: true,
    });
    expect(await codeOf(vault.save(sampleTokens()))).toBe('ROOMDECK_VAULT_INSECURE');
  });

  it('loads null for ciphertext it cannot decrypt or a record that does not fit', async () => {
    const store = memoryStore();
    const safeStorage = fakeSafeStorage('gnome_libsecret');
    const vault = createSafeStorageVault({ safeStorage, store, allowInsecure: false });
    store.data.set('session', Buffer.from('garbage').toString('base64'));
    expect(await vault.load()).toBeNull();
    store.data.set('session', 42);
    expect(await vault.load()).toBeNull();
    store.data.set('session', safeStorage.encryptString('{"version":1}').toString('base64'));
    expect(await vault.load()).toBeNull();
  });

  it('clears even when the backend is refused', async () => {
    const store = memoryStore();
    store.data.set('session', 'x');
    await createSafeStorageVault({
      safeStorage: fakeSafeStorage('basic_text'),
      store,
      allowInsecure: false,
    }).clear();
    expect(store.data.has('session')).toBe(false);
  });
});

/**
 * Electron 45's async safeStorage: the sync calls are deprecated, so a fake whose sync calls throw
 * proves they are not used; a key rotation (`shouldReEncrypt`) stores the tokens again.
 */
function asyncOnlySafeStorage(options: { available?: boolean; rotateOnce?: boolean } = {}) {
  const base = fakeSafeStorage('gnome_libsecret', true);
  const calls: string[] = [];
  let rotate = options.rotateOnce ?? false;
  const storage: SafeStorageLike = {
    isEncryptionAvailable: () => {
      throw new Error('deprecated isEncryptionAvailable called');
    },
    encryptString: () => {
      throw new Error('deprecated encryptString called');
    },
    decryptString: () => {
      throw new Error('deprecated decryptString called');
    },
    getSelectedStorageBackend: () => 'gnome_libsecret',
    isAsyncEncryptionAvailable: async () => {
      calls.push('isAsyncEncryptionAvailable');
      return options.available ?? true;
    },
    encryptStringAsync: async (plain) => {
      calls.push('encryptStringAsync');
      return base.encryptString(plain);
    },
    decryptStringAsync: async (cipher) => {
      calls.push('decryptStringAsync');
      const shouldReEncrypt = rotate;
      rotate = false;
      return { result: base.decryptString(cipher), shouldReEncrypt };
    },
  };
  return { storage, calls };
}

describe('safeStorage vault with the async API (Electron 45)', () => {
  it('encrypts and decrypts with the async calls only', async () => {
    const { storage, calls } = asyncOnlySafeStorage();
    const vault = createSafeStorageVault({
      safeStorage: storage,
      store: memoryStore(),
      allowInsecure: false,
    });
    await vault.save(sampleTokens());
    expect(await vault.load()).toEqual(sampleTokens());
    expect(calls).toContain('encryptStringAsync');
    expect(calls).toContain('decryptStringAsync');
  });

  it('stores the tokens again when the OS asks for re-encryption', async () => {
    const { storage, calls } = asyncOnlySafeStorage({ rotateOnce: true });
    const store = memoryStore();
    const vault = createSafeStorageVault({ safeStorage: storage, store, allowInsecure: false });
    await vault.save(sampleTokens());
    calls.length = 0;
    expect(await vault.load()).toEqual(sampleTokens());
    expect(calls.filter((c) => c === 'encryptStringAsync')).toHaveLength(1);
    calls.length = 0;
    expect(await vault.load()).toEqual(sampleTokens());
    expect(calls).not.toContain('encryptStringAsync');
  });

  it('refuses when async encryption is not available', async () => {
    const { storage } = asyncOnlySafeStorage({ available: false });
    const vault = createSafeStorageVault({ safeStorage: storage, store: memoryStore(), allowInsecure: true });
    expect(await codeOf(vault.save(sampleTokens()))).toBe('ROOMDECK_VAULT_INSECURE');
  });
});
