import type { KeyValueStore } from './safe-storage-vault.ts';

/**
 * Opens the vault's store (electron-store) on first use instead of at start-up. A file that cannot
 * be opened (unreadable, a folder in its place) then fails inside the vault's own calls, where the
 * Session already turns a failing load into "signed out" with a reason, rather than throwing out of
 * start-up and leaving a process with no window. A later call tries to open it again.
 */
export function lazyStore(open: () => KeyValueStore): KeyValueStore {
  let store: KeyValueStore | null = null;
  const current = (): KeyValueStore => {
    store ??= open();
    return store;
  };
  return {
    get: (key) => current().get(key),
    set: (key, value) => current().set(key, value),
    delete: (key) => current().delete(key),
  };
}
