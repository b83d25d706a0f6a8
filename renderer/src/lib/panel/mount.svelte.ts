import { onDestroy } from 'svelte';
import type { PanelTimers, PollSettings, RoomdeckApi, RoomOpening } from '#contract';
import type { Clock } from '../time/clock.ts';
import { provideRoom } from '../control/room-context.ts';
import { documentVisibility, type PanelLive, Room, storageMemory } from '../room/room.svelte.ts';
import { showRoom } from '../room/shown-room.svelte.ts';
import { INTERACTIVE_MARK } from '../app/startup-marks.ts';
import { type CombinedIn, type PanelHeartbeat, startPageFrom } from './heartbeat.ts';
import { PanelModel } from './panel.svelte.ts';

export interface PanelMount {
  api: RoomdeckApi;
  systemId: string;
  poll: PollSettings;
  timers: PanelTimers;
  clock: Clock;
  /** This room's opening if start-up already asked for it (the first load then uses it). */
  opening?: ((systemId: string) => Promise<RoomOpening> | null) | undefined;
  /** The page's live channel (null or absent: the room is polled). */
  live?: PanelLive | null | undefined;
  /** Read live: the main process's heartbeat (kiosk display, recovery, update window). */
  heartbeat(): PanelHeartbeat | undefined;
  /** Read live: the combined room this room is part of (null: on its own; absent: not divisible). */
  combined?: (() => CombinedIn | null) | undefined;
  /** Read live: told once, when the room has loaded or failed to. */
  onsettled(): ((systemId: string) => void) | undefined;
  /** Given when this is a combined room shown on behalf of that room: its pages that do not merge. */
  own?: Room | undefined;
}

/**
 * One room's panel for the life of a Panel component (call it while the component starts): the
 * Room and its PanelModel, given to the controls, loaded, told to the main process, and disposed
 * with the component. Welcome polls the room's own state only; in use, the shown page's too.
 */
export function mountPanel(o: PanelMount): { room: Room; panel: PanelModel } {
  const { api, systemId, clock } = o;
  const room = new Room({
    api,
    systemId,
    poll: o.poll,
    clock,
    visibility: documentVisibility(document),
    memory: storageMemory(globalThis.localStorage),
    opening: o.opening?.(systemId) ?? null,
    live: o.live ?? null,
  });
  provideRoom(room);
  // The technician's drawer over this panel reads its devices' health from the same truth.
  onDestroy(showRoom({ id: systemId, silence: (target) => room.silence(target) }));
  const startPage = startPageFrom(globalThis.location?.hash ?? '');
  const panel = new PanelModel(room, o.timers, o.own ? { startPage, own: o.own } : { startPage });
  void room.load();
  // Who people at this panel call: the room's own number comes from its settings, else this one.
  api.enrolment
    .status({})
    .then((view) => (room.supportContact = view.supportContact))
    .catch(() => {
      // No contact known: failures say "call AV support" without a number.
    });
  // For the update window: when the panel was last touched, the next meeting, a press pending.
  $effect(() => {
    const beat = o.heartbeat();
    beat?.useActivity(() => {
      const touchedAt = room.touchedAt;
      return {
        ...(touchedAt === null ? {} : { lastInteractionAt: touchedAt }),
        ...(room.plan === null ? {} : { nextMeetingAt: panel.nextMeetingAt(room.clock.now()) }),
        pressInFlight: panel.pressInFlight,
      };
    });
    return () => beat?.useActivity(null);
  });
  let settled = false;
  $effect(() => {
    if (settled || (room.plan === null && room.loadError === null)) return;
    settled = true;
    o.onsettled()?.(systemId);
  });
  // Unknown until the room's layout is there: a reloaded page must not let the display sleep mid-meeting.
  $effect(() => {
    // A room shown as remembered (the service not reached yet) is not known to be on or off.
    const known = room.plan !== null && !room.connecting;
    o.heartbeat()?.set({
      systemId,
      page: known ? (panel.page?.id ?? null) : null,
      roomOn: known ? panel.roomOn : null,
      // A room without a calendar has no meeting under way.
      meetingUnderway: known ? panel.booking?.status === 'busy' : null,
      // While combined, the kiosk is part of the combined room: said so, its own room still named.
      ...(known && o.combined ? { combined: o.combined() } : {}),
    });
  });
  // The room's controls are on the screen and live: marked once, after the frame that paints them
  // (the task after the next animation frame), for the start-up benchmark.
  $effect(() => {
    if (!room.plan || performance.getEntriesByName(INTERACTIVE_MARK).length > 0) return;
    requestAnimationFrame(() => setTimeout(() => performance.mark(INTERACTIVE_MARK), 0));
  });
  // Welcome polls the room's own state only; in use, the shown page's modules too.
  $effect(() => {
    void panel.view;
    if (room.plan) panel.syncPolling();
  });
  onDestroy(() => {
    panel.dispose();
    room.dispose();
  });
  return { room, panel };
}
