/*
 * Roomdeck's words in Arabic (العربية), shown right to left. Keys and ICU structure as in en.ts.
 * Numbers and times inside messages are formatted by Intl in `ar` (Arabic-Indic digits).
 */
import type { Catalogue } from './en.ts';

export const ar = {
  // ── common: words shared everywhere (lead) ──
  'common.close': 'إغلاق',
  'common.cancel': 'إلغاء',
  'common.retry': 'أعد المحاولة',
  'common.reload': 'إعادة التحميل',
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
  'language.button': 'اللغة',
  'language.buttonLabel': 'اللغة: {name}',
  'language.choose': 'اختر لغة',
  'language.technician': 'لغة أدوات الفني (هذا الجهاز)',
  'language.asPanel': 'مثل لوحة التحكم ({name})',
  // ── end language ──
} satisfies Catalogue;
