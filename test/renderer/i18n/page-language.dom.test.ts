import { flushSync } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../../contract/types.ts';
import type { Clock } from '../../../renderer/src/lib/time/clock.ts';
import { fmt, useLanguage } from '../../../renderer/src/lib/i18n/i18n.svelte.ts';
import {
  PageLanguage,
  TECHNICIAN_LANGUAGE_KEY,
} from '../../../renderer/src/lib/i18n/page-language.svelte.ts';
import { IdleWatch } from '../../../renderer/src/lib/panel/idle.svelte.ts';

/**
 * The page following its language as Roomdeck runs: a visitor's choice until the panel goes idle
 * (the screensaver, on a fake clock: no real waiting), the technician's own language while the
 * tools are open, kept on this device, and the configured 12/24-hour rule.
 */

/** Time that moves only when the test says so. */
function fakeClock() {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let next = 1;
  const clock: Clock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      timers.push({ at: now + ms, fn, id: next });
      return next++;
    },
    clearTimeout: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const due of timers.filter((t) => t.at <= now)) {
      timers = timers.filter((t) => t !== due);
      due.fn();
    }
  };
  return { clock, advance };
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

const language = (over: Partial<AppConfig['language']> = {}): AppConfig['language'] => ({
  locale: null,
  languages: ['en', 'de', 'ar'],
  clock: 'locale',
  system: [],
  ...over,
});

const html = () => document.documentElement;
const stops: (() => void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await useLanguage('en', 'locale');
});

describe('the page’s language while Roomdeck runs', () => {
  it('speaks a visitor’s choice at once, and the room’s language again when the panel goes idle', async () => {
    const { clock, advance } = fakeClock();
    const idle = new IdleWatch({
      clock,
      screensaverAfterS: 120,
      stillUsingAfterS: 600,
      stillUsingAnswerS: 60,
      switchOff: () => undefined,
    });
    const page = new PageLanguage({ browser: ['en-US'], storage: null });
    page.configure(language());
    stops.push(
      page.follow(),
      page.followPanel({ settings: () => ({ panel: { locale: 'en' } }), idle: () => idle.phase }),
    );
    flushSync();

    page.choose('ar');
    flushSync();
    await vi.waitFor(() => expect(html().lang).toBe('ar'));
    expect(html().dir).toBe('rtl');

    // Touched just before the screensaver is due: still Arabic.
    advance(119_000);
    idle.touched();
    advance(119_000);
    flushSync();
    expect(page.wanted).toBe('ar');

    advance(1_000);
    flushSync();
    expect(idle.phase).toBe('screensaver');
    await vi.waitFor(() => expect(html().lang).toBe('en'));
    expect(html().dir).toBe('ltr');
    idle.dispose();
  });

  it('keeps the boot’s room language while the room’s detail is unknown, and follows it when it changes', async () => {
    const page = new PageLanguage({ browser: ['en'], storage: null });
    page.configure(language({ languages: [] }));
    // main.ts: the boot's answer named the room's language before the panel mounted.
    page.setRoom({ panel: { locale: 'de' } });
    stops.push(page.follow(), page.followPanel({ settings: () => undefined, idle: () => 'active' }));
    flushSync();
    await vi.waitFor(() => expect(html().lang).toBe('de'));
    expect(page.wanted).toBe('de');
    // The room's settings now say Arabic (an administrator changed them): the page follows.
    page.setRoom({ panel: { locale: 'ar', languages: ['ar', 'en'] } });
    flushSync();
    await vi.waitFor(() => expect(html().lang).toBe('ar'));
    expect(page.offered).toEqual(['ar', 'en']);
  });

  it('follows the technician’s own language while the tools are open, kept on this device', async () => {
    const storage = memoryStorage();
    const page = new PageLanguage({ browser: ['en'], storage });
    page.configure(language({ locale: 'de' }));
    stops.push(page.follow());
    flushSync();
    await vi.waitFor(() => expect(html().lang).toBe('de'));

    const close = page.openTools();
    page.chooseForTechnician('ar');
    flushSync();
    await vi.waitFor(() => expect(html().lang).toBe('ar'));
    expect(storage.items.get(TECHNICIAN_LANGUAGE_KEY)).toBe('ar');

    close();
    flushSync();
    await vi.waitFor(() => expect(html().lang).toBe('de'));

    // Another start on this device: the choice is still there, and applies when the tools open.
    const again = new PageLanguage({ browser: ['en'], storage });
    again.configure(language({ locale: 'de' }));
    expect(again.technician).toBe('ar');
    expect(again.wanted).toBe('de');
    again.openTools();
    expect(again.wanted).toBe('ar');
    again.chooseForTechnician(null);
    expect(storage.items.has(TECHNICIAN_LANGUAGE_KEY)).toBe(false);
  });

  it('gives every time the configured 12/24-hour rule', async () => {
    const page = new PageLanguage({ browser: ['en'], storage: null });
    page.configure(language({ locale: 'en', clock: '24h' }));
    stops.push(page.follow());
    flushSync();
    await vi.waitFor(() => expect(fmt().clock).toBe('24h'));
    expect(fmt().time(new Date(2026, 0, 5, 15, 7).getTime())).toBe('15:07');
  });
});
