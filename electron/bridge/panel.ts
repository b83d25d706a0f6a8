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
  },
  { additionalProperties: false },
);

export const panel = {
  report: verb(PanelReport, Type.Null()),
} as const;
