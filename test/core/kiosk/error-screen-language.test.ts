import { describe, expect, it } from 'vitest';
import { errorScreen, errorScreenHtml, errorScreenLanguage } from '../../../core/kiosk/error-screen.ts';
import { type PanelLocation, RecoverySupervisor } from '../../../core/kiosk/recovery.ts';
import { loadTranslator } from '../../../locales/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';

/*
 * The kiosk's error screen is worded in the main process, in the panel's language: the managed
 * `panel.locale`, else the operating system's. Node loads the catalogue as Electron's main does.
 */

const failures = [
  { kind: 'gpu-process-gone' as const, detail: 'crashed', at: Date.UTC(2030, 0, 1, 9) },
  { kind: 'heartbeat-lost' as const, detail: 'no heartbeat for 30 s', at: Date.UTC(2030, 0, 1, 9, 5) },
];

/** The document element of a page, as a browser would parse its start tag. */
const htmlTag = (html: string) => html.match(/<html[^>]*>/)?.[0] ?? '';

describe('the error screen’s language', () => {
  it('is the managed language when set, else the first of the OS’s that Roomdeck speaks, else English', () => {
    expect(errorScreenLanguage('de', ['ar-EG', 'en-US'])).toBe('de');
    expect(errorScreenLanguage(null, ['fr-FR', 'ar-EG', 'en-US'])).toBe('ar');
    expect(errorScreenLanguage(undefined, ['de-CH'])).toBe('de');
    // A managed tag Roomdeck does not ship falls through to the OS's, not to English.
    expect(errorScreenLanguage('fr', ['ar'])).toBe('ar');
    expect(errorScreenLanguage(null, ['fr-FR', 'ja'])).toBe('en');
  });
});

describe('the error screen in German and Arabic', () => {
  it('speaks German with <html lang="de" dir="ltr">, the contact and the evidence kept as they are', async () => {
    const words = await loadTranslator('de');
    const screen = errorScreen({
      failures,
      retryInMs: 5 * 60_000,
      supportContact: 'Helpdesk 555-0100',
      words,
    });
    expect(screen.title).toBe('Dieses Panel hat ein Problem');
    expect(screen.message).toContain('2 Mal neu gestartet');
    expect(screen.retry).toBe(
      'Es versucht es in etwa 5 Minuten von selbst erneut. Sie müssen nichts drücken.',
    );
    expect(screen.contact).toBe('Wenn das Problem bleibt, wenden Sie sich an Helpdesk 555-0100.');
    expect(screen.detail).toBe(
      'Letztes Problem: Die Panelseite antwortete nicht mehr (no heartbeat for 30 s) um 2030-01-01T09:05:00.000Z.',
    );
    const html = errorScreenHtml(screen);
    expect(htmlTag(html)).toBe('<html lang="de" dir="ltr">');
    expect(html).toContain('<title>Dieses Panel hat ein Problem</title>');
    expect(html).not.toContain('having trouble');
  });

  it('speaks Arabic right to left, with Arabic plurals (two minutes, two restarts)', async () => {
    const words = await loadTranslator('ar');
    const screen = errorScreen({ failures, retryInMs: 2 * 60_000, words });
    expect(screen.title).toBe('تواجه هذه اللوحة مشكلة');
    // Arabic's dual: "twice", "in about two minutes", no number needed.
    expect(screen.message).toContain('مرتين');
    expect(screen.retry).toContain('بعد دقيقتين تقريبًا');
    expect(screen.contact).toBe('إذا تكرر ذلك، فاتصل بفريق دعم الصوت والصورة لديكم.');
    expect(screen.detail).toContain('توقفت صفحة اللوحة عن الرد');
    const html = errorScreenHtml(screen);
    expect(htmlTag(html)).toBe('<html lang="ar" dir="rtl">');
    expect(html).not.toContain('having trouble');
  });

  it('stays English with lang="en" dir="ltr" when no language was loaded', () => {
    const html = errorScreenHtml(errorScreen({ failures, retryInMs: 60_000 }));
    expect(htmlTag(html)).toBe('<html lang="en" dir="ltr">');
    expect(html).toContain('This panel is having trouble');
  });
});

describe('the recovery supervisor', () => {
  it('shows its error screen in the language the glue loaded', async () => {
    const clock = new FakeClock();
    const words = await loadTranslator('de');
    const screens: string[] = [];
    const room: PanelLocation = { systemId: 'sys-boardroom', page: null };
    const supervisor = new RecoverySupervisor({
      clock,
      policy: { maxFailures: 1 },
      words: () => words,
      target: {
        reload: () => undefined,
        recreate: () => undefined,
        showError: (screen) => screens.push(errorScreenHtml(screen)),
      },
    });
    supervisor.heartbeat(room);
    supervisor.rendererGone('crashed');
    expect(screens).toHaveLength(1);
    expect(htmlTag(screens[0]!)).toBe('<html lang="de" dir="ltr">');
    expect(screens[0]).toContain('Die Panelseite wurde beendet (crashed)');
    supervisor.dispose();
  });
});
