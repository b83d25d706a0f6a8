import type { RoomdeckApi } from '#contract';
import { classNameOf } from '../../modules/addressing.ts';
import type { ModuleRow } from './fleet.ts';

/*
 * Help requested at the rooms' panels (a room logic's `help_requests`: `[{ at, message }]`), for
 * "Needs attention". Read from each room logic module's state, a few at a time, so a building of
 * rooms does not fire a burst of requests at the service.
 */

export interface HelpRequestRow {
  moduleId: string;
  systemId: string;
  room: string;
  /** Epoch seconds. */
  at: number;
  message: string;
}

/** The room logic modules read (the rest of a very large building waits for a filter). */
export const MAX_ROOMS_READ = 60;
const AT_ONCE = 4;

function requestsIn(value: unknown): { at: number; message: string }[] {
  // With `lookup` the service answers the bare value; a whole state object carries it as a key.
  const list =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as { help_requests?: unknown }).help_requests
      : value;
  if (!Array.isArray(list)) return [];
  return list.flatMap((r) =>
    typeof r === 'object' &&
    r !== null &&
    typeof (r as { at?: unknown }).at === 'number' &&
    typeof (r as { message?: unknown }).message === 'string'
      ? [{ at: (r as { at: number }).at, message: (r as { message: string }).message }]
      : [],
  );
}

/** Every help request in the rooms of `rows`, newest first. A room whose state cannot be read is skipped. */
export async function readHelpRequests(
  api: Pick<RoomdeckApi, 'modules'>,
  rows: readonly ModuleRow[],
): Promise<HelpRequestRow[]> {
  const logic = rows
    .filter((r) => classNameOf(r.module) === 'RoomLogic' && r.rooms.length > 0)
    .slice(0, MAX_ROOMS_READ);
  const found: HelpRequestRow[] = [];
  for (let i = 0; i < logic.length; i += AT_ONCE) {
    const batch = logic.slice(i, i + AT_ONCE);
    const states = await Promise.allSettled(
      batch.map((r) => api.modules.state({ id: r.id, lookup: 'help_requests' })),
    );
    states.forEach((s, j) => {
      const row = batch[j];
      const room = row?.rooms[0];
      if (s.status !== 'fulfilled' || !row || !room) return;
      for (const r of requestsIn(s.value))
        found.push({ moduleId: row.id, systemId: room.id, room: room.name, at: r.at, message: r.message });
    });
  }
  return found.sort((a, b) => b.at - a.at);
}
