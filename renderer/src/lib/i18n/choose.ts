/*
 * Which language the panel speaks, in the order: the installer's managed `panel.locale`,
 * then the room's own `settings.panel.locale`, then the operating system's languages (the main
 * process reports them), then the browser's. The first one Roomdeck speaks wins.
 */
import type { AppConfig } from '#contract';
import { negotiateLanguage } from '#locales';

export function panelLanguage(
  language: AppConfig['language'] | undefined,
  roomLocale: string | null,
  browser: readonly string[],
): string {
  return negotiateLanguage([language?.locale, roomLocale, ...(language?.system ?? []), ...browser]);
}

/** `settings.panel.locale` of a room's settings, when it is a string. */
export function roomLocaleOf(settings: unknown): string | null {
  if (typeof settings !== 'object' || settings === null) return null;
  const panel = (settings as { panel?: unknown }).panel;
  if (typeof panel !== 'object' || panel === null) return null;
  const locale = (panel as { locale?: unknown }).locale;
  return typeof locale === 'string' ? locale : null;
}
