import type { MessageKey } from '#locales';
import { t } from '../i18n/i18n.svelte.ts';

/*
 * A room's equipment as the people in it would list it ("2 displays, 1 camera"): module classes
 * become nouns with counts (the catalogue's plurals); the room's own machinery (its logic, calendar
 * service, video switcher, a movable wall's sensor) is not equipment anyone in the room touches, so it is left out.
 */

const NOUNS: Record<string, MessageKey | null> = {
  Display: 'room.equipment.display',
  Projector: 'room.equipment.projector',
  Camera: 'room.equipment.camera',
  Mixer: 'room.equipment.mixer',
  Lighting: 'room.equipment.lighting',
  Blinds: 'room.equipment.blinds',
  RoomPC: 'room.equipment.roomPc',
  VidConf: 'room.equipment.codec',
  Bookings: null,
  RoomLogic: null,
  Switcher: null,
  // The movable wall is the building's, not something anyone in the room operates.
  PartitionWall: null,
};

/** "PresenterPC" → "presenter PC"; "Microphone" → "microphone". */
function wordsOf(className: string): string {
  return className
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase()))
    .join(' ');
}

/** "3 microphones": a class Roomdeck has no word for, counted (English makes a noun of it; others show the class). */
function countedOther(className: string, count: number): string {
  const name = wordsOf(className);
  return t('room.equipment.other', { count, name, names: /s$/.test(name) ? name : `${name}s`, className });
}

/** Each kind of equipment with its count, in the order people think of a room: screens first. */
export function equipmentOf(types: Readonly<Record<string, number>>): string[] {
  const order = Object.keys(NOUNS);
  const rank = (c: string) => (order.includes(c) ? order.indexOf(c) : order.length);
  return Object.entries(types)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .flatMap(([className, count]) => {
      if (!Object.hasOwn(NOUNS, className)) return [countedOther(className, count)];
      const key = NOUNS[className];
      return key ? [t(key, { count })] : [];
    });
}
