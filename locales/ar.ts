/*
 * Roomdeck's words in Arabic (العربية), shown right to left. Keys and ICU structure as in en.ts.
 * Numbers and times inside messages are formatted by Intl in `ar` (Arabic-Indic digits). Its parts
 * are in ar/.
 */
import { panel } from './ar/panel.ts';
import { room } from './ar/room.ts';
import { shell } from './ar/shell.ts';
import { technicianPanel } from './ar/technician-panel.ts';
import { technicianRooms } from './ar/technician-rooms.ts';
import type { Catalogue } from './en.ts';

export const ar = { ...shell, ...panel, ...room, ...technicianRooms, ...technicianPanel } satisfies Catalogue;
