import { describe, expect, it } from 'vitest';
import { PAGE_KEY_META, PAGE_KEY_STORAGE } from '#contract';
import { adoptPageKey, pageKeyOf, servedPageKey } from '../../renderer/src/lib/bridge/bridge.ts';

/** A page as the host serves it: for the printed address with the key in it, or without. */
function servedPage(key: string | null, address = '/?launch=the-token') {
  document.head.replaceChildren();
  if (key !== null) {
    const meta = document.createElement('meta');
    meta.name = PAGE_KEY_META;
    meta.content = key;
    document.head.append(meta);
  }
  window.history.replaceState(null, '', address);
}

const memoryStorage = (blocked = false) => {
  const kept = new Map<string, string>();
  return {
    kept,
    storage: () => ({
      getItem: (name: string) => kept.get(name) ?? null,
      setItem: (name: string, value: string) => {
        if (blocked) throw new DOMException('blocked', 'SecurityError');
        kept.set(name, value);
      },
    }),
  };
};

const page = (storage: ReturnType<typeof memoryStorage>['storage']) => ({
  document,
  history: window.history,
  location: window.location,
  storage,
});

describe('the page key a tab adopts', () => {
  it('takes the key from the page served for the printed address, keeps it, and drops the token from the address', () => {
    servedPage('k'.repeat(43));
    const { kept, storage } = memoryStorage();
    expect(adoptPageKey(page(storage))).toBe('k'.repeat(43));
    expect(kept.get(PAGE_KEY_STORAGE)).toBe('k'.repeat(43));
    expect(document.querySelector(`meta[name="${PAGE_KEY_META}"]`)).toBeNull();
    expect(window.location.search).toBe('');
    expect(window.location.pathname).toBe('/');
  });

  it('reads the key the page was served with before anything is kept or the address tidied', () => {
    servedPage('s'.repeat(43));
    expect(servedPageKey(document)).toBe('s'.repeat(43));
    // Nothing changed yet: the key is still in the page, the token in the address.
    expect(document.querySelector(`meta[name="${PAGE_KEY_META}"]`)).not.toBeNull();
    expect(window.location.search).toBe('?launch=the-token');
    servedPage(null, '/');
    expect(servedPageKey(document)).toBeNull();
  });

  it('on a reload (no key in the page) uses the key an earlier load kept, leaving the address alone', () => {
    servedPage(null, '/');
    const { kept, storage } = memoryStorage();
    kept.set(PAGE_KEY_STORAGE, 'e'.repeat(43));
    expect(adoptPageKey(page(storage))).toBe('e'.repeat(43));
    servedPage(null, '/?other=1');
    expect(adoptPageKey(page(memoryStorage().storage))).toBeNull();
    expect(window.location.search).toBe('?other=1');
  });

  it('still serves this load with its key when site data is blocked, to its later readers too', () => {
    servedPage('b'.repeat(43));
    expect(adoptPageKey(page(memoryStorage(true).storage))).toBe('b'.repeat(43));
    expect(window.location.search).toBe('');
    // The technician tools open their own event stream later, reading the key as the page has it.
    const refused = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    expect(pageKeyOf(refused)).toBe('b'.repeat(43));
    expect(pageKeyOf(memoryStorage(true).storage)).toBe('b'.repeat(43));
  });

  it('gives later readers the key storage keeps, the same as the page adopted', () => {
    servedPage('c'.repeat(43));
    const { storage } = memoryStorage();
    expect(adoptPageKey(page(storage))).toBe('c'.repeat(43));
    expect(pageKeyOf(storage)).toBe('c'.repeat(43));
  });
});
