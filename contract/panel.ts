import { Type } from '@sinclair/typebox';
import { verb } from './verb.ts';

/**
 * What the panel tells the main process about itself, on every change and as a heartbeat every
 * few seconds: which room and page it shows (so a recovered window comes back to them), whether
 * the room is in use (so the display stays awake), and that it is alive (the watchdog).
 */
export const PanelReport = Type.Object(
  {
    /** The room shown; null on the sign-in and room-choice screens. */
    systemId: Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()]),
    /** The panel page shown (e.g. "sources"); null when none is (welcome screen). */
    page: Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()]),
    /** Null while the panel does not know yet (the room is still loading). */
    roomOn: Type.Union([Type.Boolean(), Type.Null()]),
    /** A booking is under way now; null while not known yet. */
    meetingUnderway: Type.Union([Type.Boolean(), Type.Null()]),
    /** Epoch ms of the last touch or key on the panel (updates install only when it is left alone). */
    lastInteractionAt: Type.Optional(Type.Number({ minimum: 0 })),
    /** Epoch ms the room's next booking starts; null when none is known to come. */
    nextMeetingAt: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.Null()])),
    /** A control pressed on the panel is still waiting for the service's answer. */
    pressInFlight: Type.Optional(Type.Boolean()),
    /**
     * While the room is combined with others (a divisible room): the combined room's system and
     * the room that leads it; null when the room is on its own; absent when not known.
     */
    combined: Type.Optional(
      Type.Union([
        Type.Object(
          {
            systemId: Type.String({ minLength: 1, maxLength: 200 }),
            masterId: Type.String({ minLength: 1, maxLength: 200 }),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ]),
    ),
  },
  { additionalProperties: false },
);

export const panel = {
  report: verb('panel', PanelReport, Type.Null()),
} as const;
