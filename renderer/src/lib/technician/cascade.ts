import type { Module } from '#contract';
import { addressesOf } from './addressing.ts';

/**
 * What deleting a room does to its modules (spec §4.2: every module of it that is in no other
 * system is stopped and removed), and what starting or stopping it skips (`ignore_startstop`),
 * in words a technician can check before saying yes.
 */

export interface Cascade {
  goes: string[];
  /** Label and how many other rooms keep using it. */
  stays: { label: string; otherRooms: number }[];
}

/** `roomsUsing[id]`: how many systems list the module (this one included). */
export function deleteCascade(
  modules: readonly Module[],
  roomsUsing: Readonly<Record<string, number>>,
): Cascade {
  const labels = addressesOf(modules);
  const goes: string[] = [];
  const stays: Cascade['stays'] = [];
  modules.forEach((m, i) => {
    const label = labels[i]?.label ?? m.id;
    const others = Math.max(0, (roomsUsing[m.id] ?? 1) - 1);
    if (others === 0) goes.push(label);
    else stays.push({ label, otherRooms: others });
  });
  return { goes, stays };
}

const list = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

export function deleteQuestion(room: string, cascade: Cascade): string {
  const parts = [`Delete ${room}?`];
  parts.push(
    cascade.goes.length === 0
      ? 'No module goes with it.'
      : `${cascade.goes.length === 1 ? 'This module is' : 'These modules are'} stopped and deleted with it: ${list(cascade.goes)}.`,
  );
  if (cascade.stays.length > 0) {
    const kept = cascade.stays.map(
      (s) => `${s.label} (${s.otherRooms} other room${s.otherRooms === 1 ? '' : 's'})`,
    );
    parts.push(
      `${cascade.stays.length === 1 ? 'This module stays' : 'These stay'}, because other rooms use ${cascade.stays.length === 1 ? 'it' : 'them'}: ${list(kept)}.`,
    );
  }
  return parts.join(' ');
}

/** The modules a system-wide start or stop leaves alone. */
export function startStopSkips(modules: readonly Module[]): string[] {
  const labels = addressesOf(modules);
  return modules.flatMap((m, i) => (m.ignore_startstop ? [labels[i]?.label ?? m.id] : []));
}
