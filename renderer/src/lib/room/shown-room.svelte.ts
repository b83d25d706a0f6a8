import type { Address } from '../plan/plan.ts';
import type { Silence } from './health.svelte.ts';

/**
 * The room this page's panel shows, as far as the technician's drawer over it needs it: which
 * devices answer, from the same truth the panel speaks from (module records, the room logic's
 * report, this panel's own presses). The drawer then never says "all running and responding"
 * behind a panel that says a projector is not.
 */
export interface ShownRoom {
  id: string;
  silence(target: Address): Silence | null;
}

let shown = $state.raw<ShownRoom | null>(null);

/** The panel's room while it is mounted; the returned function takes it away again. */
export function showRoom(room: ShownRoom): () => void {
  shown = room;
  return () => {
    if (shown === room) shown = null;
  };
}

/** The shown room if it is `systemId` (the drawer may be opened over another room's panel). */
export function shownRoom(systemId: string): ShownRoom | null {
  return shown?.id === systemId ? shown : null;
}
