/* Roomdeck's words in German (Deutsch). Keys and ICU structure as in en.ts; see there. */
import type { Catalogue } from './en.ts';

export const de = {
  // ── common: words shared everywhere (lead) ──
  'common.close': 'Schließen',
  'common.cancel': 'Abbrechen',
  'common.retry': 'Erneut versuchen',
  'common.reload': 'Neu laden',
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
  'language.button': 'Sprache',
  'language.buttonLabel': 'Sprache: {name}',
  'language.choose': 'Sprache wählen',
  'language.technician': 'Sprache der Technikerwerkzeuge (dieses Gerät)',
  'language.asPanel': 'Wie das Bedienfeld ({name})',
  // ── end language ──
} satisfies Catalogue;
