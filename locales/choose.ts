/*
 * Which language the panel speaks, in the order: the installer's managed `panel.locale`,
 * then the room's own `settings.panel.locale`, then the operating system's languages (the main
 * process reports them), then the browser's. The first one Roomdeck speaks wins: a tag it does
 * not ship ("fr") is passed over, so a panel configured ahead of a language still starts.
 *
 * A room that offers languages (`panel.languages`, else the room's `settings.panel.languages`)
 * and names none of its own speaks the first of them the OS or browser prefers, else its first:
 * a room offering German and Arabic never greets in a third language.
 *
 * Above the room's language: a visitor's choice on the welcome screen (until the panel goes idle),
 * and, while the technician tools are open, the technician's own choice on this device.
 *
 * Plain logic in locales/ because the page is not the only one to choose: the hosts make the same
 * choice for the page's first language, to name its catalogue before the page asks for it.
 */
import { LANGUAGES } from './languages.ts';
import { matchLanguage, negotiateLanguage } from './negotiate.ts';

/** What the configuration says about language (the contract's AppConfig `language`, as far as choosing reads it). */
export interface LanguageConfig {
  locale: string | null;
  languages: readonly string[];
  system: readonly string[];
}

/** What a room's own settings say about language (`settings.panel.locale`, `.languages`). */
export interface RoomLanguage {
  locale: string | null;
  languages: readonly string[];
}

export const NO_ROOM_LANGUAGE: RoomLanguage = { locale: null, languages: [] };

function panelSettingsOf(settings: unknown): Record<string, unknown> | null {
  if (typeof settings !== 'object' || settings === null) return null;
  const panel = (settings as { panel?: unknown }).panel;
  return typeof panel === 'object' && panel !== null ? (panel as Record<string, unknown>) : null;
}

/** `settings.panel.locale` of a room's settings, when it is a string. */
export function roomLocaleOf(settings: unknown): string | null {
  const locale = panelSettingsOf(settings)?.locale;
  return typeof locale === 'string' ? locale : null;
}

/** The room's own language settings; anything malformed counts as unsaid (the layout check reports it). */
export function roomLanguageOf(settings: unknown): RoomLanguage {
  const languages = panelSettingsOf(settings)?.languages;
  return {
    locale: roomLocaleOf(settings),
    languages: Array.isArray(languages) ? languages.filter((l): l is string => typeof l === 'string') : [],
  };
}

/**
 * The languages the welcome screen offers, as Roomdeck's codes, each once, in the order written:
 * the managed list, else the room's. Tags Roomdeck does not ship are left out, and so is the
 * pseudo-locale (it is for tests, never offered to a person).
 */
export function offeredLanguages(config: LanguageConfig | undefined, room: RoomLanguage): string[] {
  const listed = (config?.languages.length ?? 0) > 0 ? (config?.languages ?? []) : room.languages;
  const codes: string[] = [];
  for (const tag of listed) {
    const code = matchLanguage(tag);
    if (code !== null && LANGUAGES.some((l) => l.code === code) && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

/** The room's language: what the panel speaks when nobody has chosen, and returns to when idle. */
export function roomLanguage(config: LanguageConfig | undefined, room: RoomLanguage, browser: readonly string[]): string {
  const named = [config?.locale, room.locale].map(matchLanguage).find((code) => code !== null);
  if (named) return named;
  const preferred = [...(config?.system ?? []), ...browser];
  const offered = offeredLanguages(config, room);
  if (offered.length > 0) {
    const match = preferred.map(matchLanguage).find((code) => code !== null && offered.includes(code));
    return match ?? offered[0]!;
  }
  return negotiateLanguage(preferred);
}

/** The page's first language, from the boot's answer (main.ts): the room's language. */
export function panelLanguage(language: LanguageConfig | undefined, roomSettings: unknown, browser: readonly string[]): string {
  return roomLanguage(language, roomLanguageOf(roomSettings), browser);
}

export interface LanguageChoices {
  config: LanguageConfig | undefined;
  room: RoomLanguage;
  browser: readonly string[];
  /** Chosen with the welcome screen's language button; null once the panel went idle. */
  visitor: string | null;
  /** The technician's own choice on this device (null: as the panel). */
  technician: string | null;
  /** The technician tools are open: the page speaks the technician's language. */
  toolsOpen: boolean;
}

/** The language the page speaks now. */
export function pageLanguage(choices: LanguageChoices): string {
  const technician = choices.toolsOpen ? matchLanguage(choices.technician) : null;
  return technician ?? matchLanguage(choices.visitor) ?? roomLanguage(choices.config, choices.room, choices.browser);
}
