/* Roomdeck's words in German (Deutsch). Keys and ICU structure as in en.ts; see there. Its parts are in de/. */
import type { Catalogue } from './en.ts';
import { panel } from './de/panel.ts';
import { room } from './de/room.ts';
import { shell } from './de/shell.ts';
import { technicianPanel } from './de/technician-panel.ts';
import { technicianRooms } from './de/technician-rooms.ts';

export const de = { ...shell, ...panel, ...room, ...technicianRooms, ...technicianPanel } satisfies Catalogue;
