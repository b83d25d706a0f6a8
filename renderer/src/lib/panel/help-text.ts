import type { MessageKey } from '#locales';
import { activeLocale, fmt, t } from '../i18n/i18n.svelte.ts';

/*
 * The help a room gets when nobody wrote it any: said only of what the room has. A room without
 * cameras is never told about camera pages, one without a projector about warming up. Markdown:
 * the catalogue's messages carry their own emphasis; the list marks are the layout's.
 */

const has = (types: Readonly<Record<string, number>>, className: string) => (types[className] ?? 0) > 0;

const PAGES: [className: string, key: MessageKey][] = [
  ['Lighting', 'room.help.pageLights'],
  ['Blinds', 'room.help.pageBlinds'],
  ['Camera', 'room.help.pageCameras'],
];

/** "Lights and cameras": the first letter up, as a line starts (a no-op in scripts without case). */
const capitalised = (text: string): string =>
  `${text.charAt(0).toLocaleUpperCase(activeLocale())}${text.slice(1)}`;

export function generatedHelp(types: Readonly<Record<string, number>>, sources: readonly string[]): string {
  const lines: string[] = [];
  const shows = has(types, 'Projector') ? 'projector' : has(types, 'Display') ? 'screens' : 'none';
  if (sources.length > 0) {
    const named = fmt().list(
      sources.map((s) => `**${s}**`),
      'disjunction',
    );
    lines.push(t('room.help.start', { shows, sources: named }));
    if (has(types, 'Projector')) lines.push(t('room.help.warmUp'));
    lines.push('');
  }
  if (has(types, 'Mixer') || has(types, 'Display') || has(types, 'Projector'))
    lines.push(`- ${t('room.help.volume')}`);
  const pages = PAGES.filter(([className]) => has(types, className)).map(([, key]) => t(key));
  if (pages.length > 0)
    lines.push(`- ${capitalised(t('room.help.pages', { count: pages.length, pages: fmt().list(pages) }))}`);
  lines.push(`- ${t('room.help.leave')}`);
  return lines.join('\n');
}
