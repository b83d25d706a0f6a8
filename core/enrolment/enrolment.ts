import { ErrorCode } from '../../contract/error-codes.ts';
import { RoomdeckError } from '../api/errors.ts';
import type { Session } from '../auth/session.ts';
import type { Log } from '../log/log.ts';
import type { Settings } from '../store/settings.ts';

/**
 * Panel enrolment, on top of what a panel already remembers: its own account's tokens in the vault
 * (the Session) and its room in the settings. Enrolling binds the two: once the panel's account has
 * signed in and chosen the room, the room is fixed (changing it is a re-enrolment) and the panel
 * keeps running on its own refresh token. Un-enrolling revokes that token and forgets the room.
 */

export interface EnrolmentView {
  enrolment: { systemId: string; enrolledAt: string } | null;
  enrolling: boolean;
  supportContact: string | null;
}

export interface EnrolmentOptions {
  settings: Settings;
  session: Pick<Session, 'onChange' | 'status' | 'signOut'>;
  /** The room fixed by managed configuration, if any: enrolment then binds the account only. */
  configuredSystemId: string | null;
  supportContact: string | null;
  now: () => Date;
  log: Log;
}

export class PanelEnrolment {
  readonly #options: EnrolmentOptions;

  constructor(options: EnrolmentOptions) {
    this.#options = options;
    // With the room fixed by configuration, the panel's account signing in completes enrolment.
    options.session.onChange((status) => {
      if (status.state === 'signed-in' && options.configuredSystemId !== null && this.enrolling) {
        this.#complete(options.configuredSystemId);
      }
    });
  }

  get enrolling(): boolean {
    return this.#options.settings.isEnrolling();
  }

  /** True when the room may not be changed at the panel (it is enrolled, and not re-enrolling). */
  get bound(): boolean {
    return this.#options.settings.getEnrolment() !== null;
  }

  view(): EnrolmentView {
    const enrolment = this.#options.settings.getEnrolment();
    return {
      enrolment:
        enrolment === null ? null : { systemId: enrolment.systemId, enrolledAt: enrolment.enrolledAt },
      enrolling: this.enrolling,
      supportContact: this.#options.supportContact,
    };
  }

  /**
   * Starts (re-)enrolment: the account signed in now (the technician's) is signed out and revoked,
   * the old binding is forgotten, and the next sign-in is the panel's own account.
   */
  async begin(): Promise<void> {
    const { settings, session, log } = this.#options;
    const previous = settings.getEnrolment();
    settings.setEnrolment(null);
    settings.setSystemId(null);
    settings.setEnrolling(true);
    log.info(previous === null ? 'enrolment started' : 're-enrolment started', {
      previousSystemId: previous?.systemId ?? null,
    });
    await session.signOut();
  }

  /** Un-enrols: the panel's account is signed out (its tokens revoked) and the room forgotten. */
  async unenrol(): Promise<void> {
    const { settings, session, log } = this.#options;
    const previous = settings.getEnrolment();
    settings.setEnrolment(null);
    settings.setEnrolling(false);
    settings.setSystemId(null);
    log.info('panel un-enrolled', { previousSystemId: previous?.systemId ?? null });
    await session.signOut();
  }

  /**
   * The room chosen at the panel. While enrolling, the signed-in panel account choosing its room
   * completes the enrolment; an enrolled panel refuses another room until it is re-enrolled.
   */
  chooseSystem(systemId: string | null): void {
    const { settings, session } = this.#options;
    if (this.bound) throw new RoomdeckError(ErrorCode.ROOMDECK_PANEL_ENROLLED);
    settings.setSystemId(systemId);
    if (systemId !== null && this.enrolling && session.status().state === 'signed-in') {
      this.#complete(systemId);
    }
  }

  #complete(systemId: string): void {
    const { settings, session, now, log } = this.#options;
    settings.setEnrolment({ systemId, enrolledAt: now().toISOString(), server: session.status().server });
    settings.setEnrolling(false);
    log.info('panel enrolled', { systemId, server: session.status().server });
  }
}
