import type { Types } from '#contract';
import type { MessageKey } from '#locales';
import { t } from '../i18n/i18n.svelte.ts';
import { kindWord } from '../words/kind-words.ts';
import type { Address } from '../plan/plan.ts';

/** A device as the service names it: "Display 2" when the room has several, else "Display". */
export function deviceName(types: Types, target: Address): string {
  return (types[target.module] ?? 1) > 1 ? `${target.module} ${target.index}` : target.module;
}

/** A device named by its kind in the panel's language: "Projektor 2" when the room has several. */
export function deviceLabel(types: Types, target: Address): string {
  const name = kindWord(target.module);
  return (types[target.module] ?? 1) > 1 ? t('room.plan.numbered', { name, number: target.index }) : name;
}

/** Module classes as a person in the room calls them; other classes: "The {class, lowercased}". */
const DEVICE_WORDS: Record<string, MessageKey> = {
  Mixer: 'room.device.mixer',
  Lighting: 'room.device.lighting',
  Switcher: 'room.device.switcher',
  RoomLogic: 'room.device.roomLogic',
  Bookings: 'room.device.bookings',
  Display: 'room.device.display',
  Projector: 'room.device.projector',
  Camera: 'room.device.camera',
  Blinds: 'room.device.blinds',
  Recorder: 'room.device.recorder',
  // A Cisco codec, as PlaceOS systems name it.
  VidConf: 'room.device.codec',
};

/** "The sound system", "The display 2": a device as a person in the room calls it. */
export function friendly(what: string): string {
  const [name = what, number] = what.split(' ');
  const key = Object.hasOwn(DEVICE_WORDS, name) ? DEVICE_WORDS[name] : undefined;
  const base = key ? t(key) : t('room.device.other', { name: name.toLowerCase(), className: name });
  return number === undefined ? base : t('room.device.numbered', { device: base, number });
}

/**
 * Kinds of device a person in the room can check is switched on and plugged in: a display at the
 * wall. A ceiling projector, a rack's switcher or mixer, cameras and the room system are a
 * technician's, so what is said about them only says who to call.
 */
const WITHIN_REACH: ReadonlySet<string> = new Set(['Display']);

/**
 * Whether the device named as the room or the panel names it ("Projector 1", "The projector") is
 * within reach; a name the room's modules do not give is taken to be (the sentence then says what
 * to check, as before).
 */
export function withinReachOf(types: Types, device: string): boolean {
  for (const [className, count] of Object.entries(types)) {
    for (let index = 1; index <= count; index++) {
      const service = deviceName(types, { module: className, index });
      const names = [service, `${className} ${index}`, friendly(service)];
      if (names.includes(device)) return WITHIN_REACH.has(className);
    }
  }
  return true;
}

/** The device a failed step was for (Room.run marks it). */
export function targetOf(error: unknown): Address | undefined {
  const target =
    typeof error === 'object' && error !== null ? (error as { target?: unknown }).target : undefined;
  if (typeof target !== 'object' || target === null) return undefined;
  const { module, index } = target as { module?: unknown; index?: unknown };
  return typeof module === 'string' && typeof index === 'number' ? { module, index } : undefined;
}
