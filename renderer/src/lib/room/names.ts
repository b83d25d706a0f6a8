import type { Types } from '#contract';
import type { Address } from '../plan/plan.ts';

/** A device as the service names it: "Display 2" when the room has several, else "Display". */
export function deviceName(types: Types, target: Address): string {
  return (types[target.module] ?? 1) > 1 ? `${target.module} ${target.index}` : target.module;
}

/** Module classes as a person in the room calls them. */
export function friendly(what: string): string {
  const words: Record<string, string> = {
    Mixer: 'The sound system',
    Lighting: 'The lighting',
    Switcher: 'The video switcher',
    RoomLogic: 'The room controller',
    Bookings: 'The room calendar',
  };
  const [name = what, n] = what.split(' ');
  const base = words[name] ?? `The ${name.toLowerCase()}`;
  return n === undefined ? base : `${base} ${n}`;
}

/** The device a failed step was for (Room.run marks it). */
export function targetOf(error: unknown): Address | undefined {
  const target =
    typeof error === 'object' && error !== null ? (error as { target?: unknown }).target : undefined;
  if (typeof target !== 'object' || target === null) return undefined;
  const { module, index } = target as { module?: unknown; index?: unknown };
  return typeof module === 'string' && typeof index === 'number' ? { module, index } : undefined;
}
