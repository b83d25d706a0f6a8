import type { AppConfig, BootView, RoomOpening, SessionStatus } from '../../../contract/types.ts';
import type { RoomdeckApi } from '../../../contract/verbs.ts';
import { RoomdeckError } from '../../api/errors.ts';
import type { Session } from '../../auth/session.ts';
import type { LinkHealth } from '../../link/health.ts';
import type { Capabilities } from '../capabilities.ts';
import { safeErrorBody } from '../validate.ts';
import { afterReady } from './calls.ts';

export interface SessionVerbsDeps {
  ready: Promise<void>;
  session: Session;
  link: LinkHealth;
  capabilities: Capabilities;
  /** Managed installs (a configured service account) sign in unattended with the password grant. */
  usesPasswordGrant: boolean;
  appConfig: () => AppConfig;
  openRoom: (id: string) => Promise<RoomOpening>;
}

/** Nothing returned here ever holds a token: the verbs report state, reason and the server's origin. */
export function sessionVerbs(deps: SessionVerbsDeps): RoomdeckApi['session'] {
  const { session, link, capabilities, usesPasswordGrant, appConfig, openRoom } = deps;
  const after = afterReady(deps.ready);
  const status = (): SessionStatus => session.status();

  /** A panel's first screen in one call: the status, the configuration and, signed in, its room. */
  const boot = async (): Promise<BootView> => {
    // A sign-out under way says "signed out" in a moment: a page loaded now must not start signed in.
    await session.settled();
    const config = appConfig();
    const systemId = config.systemId;
    if (status().state !== 'signed-in' || systemId === null)
      return { status: status(), config, opening: null };
    const opening = await openRoom(systemId).then(
      (room) => ({ systemId, room }),
      (err: unknown) => ({ systemId, failure: safeErrorBody(err) }),
    );
    // After the room: a refusal while opening it may have ended the session, which the status says.
    return { status: status(), config: appConfig(), opening };
  };

  const verbs: RoomdeckApi['session'] = {
    status: after(async () => {
      await session.settled();
      return status();
    }),
    boot: after(boot),
    link: after(async () => link.view()),
    signIn: after(async () => {
      if (usesPasswordGrant) {
        // Managed installs sign in unattended; the failure is already in the status.
        await session.signInWithPassword().catch(() => undefined);
        return { status: status(), navigateTo: null };
      }
      const start = await session.beginSignIn().catch((err: unknown) => {
        if (err instanceof RoomdeckError) return null;
        throw err;
      });
      return { status: status(), navigateTo: start?.navigateTo ?? null };
    }),
    signOut: after(async () => {
      await session.signOut();
      return status();
    }),
    cancelSignIn: after(async () => {
      session.cancelSignIn();
      return status();
    }),
    reopenSignIn: after(async () => {
      const again = await session.reopenSignIn();
      if (again !== null) return { status: status(), navigateTo: again.navigateTo };
      // Nothing in progress any more (it timed out, or finished): a new sign-in is what was meant.
      return verbs.signIn({});
    }),
    capabilities: after(async () => {
      if (session.status().state === 'signed-in') await capabilities.refresh();
      return capabilities.view();
    }),
  };
  return verbs;
}
