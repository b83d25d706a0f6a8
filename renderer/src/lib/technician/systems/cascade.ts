import type { Module } from '#contract';
import { fmt, t } from '../../i18n/i18n.svelte.ts';
import { addressesOf } from '../../modules/addressing.ts';

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

/** The question before deleting a room: one sentence per fact, each a message of its own. */
export function deleteQuestion(room: string, cascade: Cascade): string {
  const parts = [t('tech.words.deleteRoom', { room })];
  parts.push(
    cascade.goes.length === 0
      ? t('tech.words.noModuleGoes')
      : t('tech.words.modulesGo', { count: cascade.goes.length, list: fmt().list(cascade.goes) }),
  );
  if (cascade.stays.length > 0) {
    const kept = cascade.stays.map((s) =>
      t('tech.words.moduleKept', { label: s.label, rooms: s.otherRooms }),
    );
    parts.push(t('tech.words.modulesStay', { count: cascade.stays.length, list: fmt().list(kept) }));
  }
  return parts.join(' ');
}

/** The modules a system-wide start or stop leaves alone. */
export function startStopSkips(modules: readonly Module[]): string[] {
  const labels = addressesOf(modules);
  return modules.flatMap((m, i) => (m.ignore_startstop ? [labels[i]?.label ?? m.id] : []));
}
