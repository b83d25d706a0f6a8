import { Type } from '@sinclair/typebox';
import { CapabilitiesView } from './capabilities.ts';
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

export const session = {
  status: verb(None, SessionStatus),
  signIn: verb(None, SignInResult),
  signOut: verb(None, SessionStatus),
  /** What the signed-in account may do (probed once, then learned from real requests). */
  capabilities: verb(None, CapabilitiesView),
} as const;
