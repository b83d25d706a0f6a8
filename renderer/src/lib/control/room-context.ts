import { getContext, setContext } from 'svelte';
import type { RoomPort } from './control-state.svelte.ts';

/** Exported so component tests can hand a fake room to a control. */
export const ROOM_CONTEXT = Symbol('roomdeck.room');

export function provideRoom(room: RoomPort): RoomPort {
  return setContext(ROOM_CONTEXT, room);
}

export function useRoom(): RoomPort {
  const room = getContext<RoomPort | undefined>(ROOM_CONTEXT);
  if (!room) throw new Error('A control was rendered outside a room: wrap it in <Panel> or provide one.');
  return room;
}
