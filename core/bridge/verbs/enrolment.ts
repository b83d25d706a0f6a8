import type { RoomdeckApi } from '../../../contract/verbs.ts';
import type { Session } from '../../auth/session.ts';
import type { PanelEnrolment } from '../../enrolment/enrolment.ts';
import { afterReady } from './calls.ts';

export interface EnrolmentVerbsDeps {
  ready: Promise<void>;
  /** The panel's own binding (its room, its account). */
  enrolment: PanelEnrolment;
  /**
   * The panel's session: each answer carries its status beside the binding, read once a sign-out
   * under way has finished (unenrolling signs the panel's account out), never "signed in" while
   * the tokens are already gone.
   */
  session: Pick<Session, 'status' | 'settled'>;
}

export function enrolmentVerbs({ ready, enrolment, session }: EnrolmentVerbsDeps): RoomdeckApi['enrolment'] {
  const after = afterReady(ready);
  return {
    status: after(async () => enrolment.view()),
    begin: after(async () => {
      await enrolment.begin();
      await session.settled();
      return { view: enrolment.view(), status: session.status() };
    }),
    unenrol: after(async () => {
      await enrolment.unenrol();
      await session.settled();
      return { view: enrolment.view(), status: session.status() };
    }),
  };
}
