/*
 * Roomdeck's words in English: the source catalogue. Every key here is in every language (de.ts,
 * ar.ts… are typed against it), and every message is ICU MessageFormat: `{name}` placeholders,
 * `{count, plural, one {# display} other {# displays}}`, `{kind, select, …}`, `{at, time, short}`.
 *
 * Keys are `area.place.what`. The messages live in en/, one file per part of the app (the same
 * files in every language's folder), one line per message in sections by area, so that several
 * people adding words at once merge cleanly (.gitattributes: merge=union). This file only puts
 * the parts together: the build compiles the whole catalogue from it (scripts/compiled-catalogues.ts).
 */
import { panel } from './en/panel.ts';
import { room } from './en/room.ts';
import { shell } from './en/shell.ts';
import { technicianPanel } from './en/technician-panel.ts';
import { technicianRooms } from './en/technician-rooms.ts';

export const en = { ...shell, ...panel, ...room, ...technicianRooms, ...technicianPanel };

export type MessageKey = keyof typeof en;
/** A language's catalogue: every key English has, no other. */
export type Catalogue = Readonly<Record<MessageKey, string>>;
