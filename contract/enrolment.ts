import { Type } from '@sinclair/typebox';
import { SessionStatus } from './session.ts';
import { verb } from './verb.ts';

const None = Type.Object({}, { additionalProperties: false });

/** Whether a technician enrolled this panel, and who people at it call when it needs one. */
export const EnrolmentView = Type.Object({
  /** The enrolment, or null on a panel nobody enrolled (a laptop, a fresh install). */
  enrolment: Type.Union([
    Type.Object({
      /** The room the panel is bound to. */
      systemId: Type.String(),
      /** ISO time of the enrolment. */
      enrolledAt: Type.String(),
    }),
    Type.Null(),
  ]),
  /** True between "Enrol this panel" and the panel's account choosing its room. */
  enrolling: Type.Boolean(),
  /** Managed configuration's `supportContact`: who to call. */
  supportContact: Type.Union([Type.String(), Type.Null()]),
});

export const EnrolmentChange = Type.Object({ view: EnrolmentView, status: SessionStatus });

/**
 * Enrolment: a technician binds a panel to its own account and its room, once. "begin" signs the
 * current account out (revoking it) so the panel's account signs in next; choosing the room then
 * completes it. "unenrol" signs the panel's account out and forgets the room. Both are a
 * technician's; `status` is read by the sign-in and room-choice screens.
 */
export const enrolment = {
  status: verb('panel', None, EnrolmentView),
  begin: verb('technician', None, EnrolmentChange),
  unenrol: verb('technician', None, EnrolmentChange),
} as const;
