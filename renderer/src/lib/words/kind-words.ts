import type { MessageKey } from '#locales';
import { t } from '../i18n/i18n.svelte.ts';

/** Module classes as the panel names them in a heading or a list ("Projector 1", "Projektor 1"). */
const KIND_WORDS: Record<string, MessageKey> = {
  Display: 'room.kind.display',
  Projector: 'room.kind.projector',
  Camera: 'room.kind.camera',
  Mixer: 'room.kind.mixer',
  Lighting: 'room.kind.lighting',
  Blinds: 'room.kind.blinds',
  Switcher: 'room.kind.switcher',
  RoomPC: 'room.kind.roomPc',
  RoomLogic: 'room.kind.roomLogic',
  Bookings: 'room.kind.bookings',
  VidConf: 'room.kind.codec',
};

/** A kind of device in the panel's language; a class Roomdeck does not know keeps its own name (data). */
export function kindWord(className: string): string {
  const key = Object.hasOwn(KIND_WORDS, className) ? KIND_WORDS[className] : undefined;
  return key ? t(key) : className;
}
