import { Type } from '@sinclair/typebox';
import { CapabilitiesView } from './capabilities.ts';
import { AppConfig } from './config.ts';
import { ErrorBodySchema } from './error-schema.ts';
import { RoomOpening } from './systems.ts';
import { verb } from './verb.ts';

const Reason = Type.Object({ code: Type.String(), message: Type.String() });

export const SessionStatus = Type.Object({
  state: Type.Union([Type.Literal('signed-out'), Type.Literal('signing-in'), Type.Literal('signed-in')]),
  /** Why the last session ended or the last sign-in failed; null when there is nothing to say. */
  reason: Type.Union([Reason, Type.Null()]),
  /** The service this Roomdeck talks to (its origin only: never a token or a query). */
  server: Type.String(),
});

export const SignInResult = Type.Object({
  status: SessionStatus,
  /**
   * Browser host only: the page navigates here (the service's sign-in page); the host's own
   * callback route completes the sign-in. Electron opens the system browser instead and returns null.
   */
  navigateTo: Type.Union([Type.String(), Type.Null()]),
});

const None = Type.Object({}, { additionalProperties: false });

/** The link to the service as the main process sees it (core/link/health.ts). */
export const LinkView = Type.Object({
  state: Type.Union([
    Type.Literal('live'),
    Type.Literal('degraded'),
    Type.Literal('unreachable'),
    Type.Literal('refused'),
  ]),
  /** Epoch ms when the state began. */
  since: Type.Number(),
  /** The state in English, for logs; the page says it in its own language from `state`. */
  message: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
});

/** A failure carried inside an answer (as the bridge would have thrown it): code, message, details. */
const FailureBody = ErrorBodySchema;

/**
 * What a panel's first screen needs, in one round trip: the session, the configuration and, when
 * signed in with a room bound, the room's opening (or why it could not be opened).
 */
export const BootView = Type.Object({
  status: SessionStatus,
  config: AppConfig,
  opening: Type.Union([
    Type.Object({ systemId: Type.String(), room: RoomOpening }),
    Type.Object({ systemId: Type.String(), failure: FailureBody }),
    Type.Null(),
  ]),
});

export const session = {
  status: verb('panel', None, SessionStatus),
  /** `status`, `config.get` and (signed in, room bound) `systems.open` at once: the panel's start. */
  boot: verb('panel', None, BootView),
  signIn: verb('panel', None, SignInResult),
  // On a kiosk, signing the panel's own account out (revoking it) is a technician's job: the panel's
  // screens offer it only off a kiosk, where the person at the computer signed in themselves.
  signOut: verb('technician', None, SessionStatus),
  /** Gives up the sign-in in progress: signed out at once, the loopback receiver closed. */
  cancelSignIn: verb('panel', None, SessionStatus),
  /**
   * "Open the browser again": the same authorization request as the sign-in in progress (a new
   * one when none is). Browser host: `navigateTo` is where the page goes.
   */
  reopenSignIn: verb('panel', None, SignInResult),
  /** What the signed-in account may do (probed once, then learned from real requests). */
  capabilities: verb('panel', None, CapabilitiesView),
  /** Live, degraded (5xx, error pages, unreadable answers), unreachable, or credentials refused. */
  link: verb('panel', None, LinkView),
} as const;
