/*
 * Roomdeck's words in English: the source catalogue. Every key here is in every language (de.ts,
 * ar.ts… are typed against it), and every message is ICU MessageFormat: `{name}` placeholders,
 * `{count, plural, one {# display} other {# displays}}`, `{kind, select, …}`, `{at, time, short}`.
 *
 * Keys are `area.place.what`. The file is one line per message, in sections by area, so that
 * several people adding words at once merge cleanly (.gitattributes: merge=union).
 */
export const en = {
  // ── common: words shared everywhere (lead) ──
  'common.close': 'Close',
  'common.cancel': 'Cancel',
  'common.retry': 'Try again',
  'common.reload': 'Reload',
  // ── end common ──

  // ── app: App, sign-in, room picker, enrolment, load failure, link and bridge errors, kiosk error screen, host pages ──
  // ── end app ──

  // ── panel: the panel views and controls (renderer/src/views/panel, renderer/src/controls) ──
  // ── end panel ──

  // ── room: the room model's sentences (renderer/src/lib/words, lib/panel, lib/room, lib/plan) ──
  // ── end room ──

  // ── tech-a: technician tools: systems, modules, exec, live state, debug log ──
  // ── end tech-a ──

  // ── tech-b: technician tools: drawer, sign-in, PIN, fleet, help requests, keyboard, panel section, lib/technician ──
  // ── end tech-b ──

  // ── language: choosing a language ──
  'language.button': 'Language',
  'language.buttonLabel': 'Language: {name}',
  'language.choose': 'Choose a language',
  'language.technician': 'Language of the technician tools (this device)',
  'language.asPanel': 'As the panel ({name})',
  // ── end language ──
};

export type MessageKey = keyof typeof en;
/** A language's catalogue: every key English has, no other. */
export type Catalogue = Readonly<Record<MessageKey, string>>;
