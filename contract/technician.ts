import { Type } from '@sinclair/typebox';
import { SessionStatus, SignInResult } from './session.ts';
import { verb } from './verb.ts';

/**
 * Technician access on a kiosk panel: the PIN gate in front of the technician tools and the
 * technician's own session, which never replaces the panel's. The PIN is checked in the main
 * process against a salted hash the renderer never sees. While the gate is open, the tools call
 * the same verbs as always through the technician's route (IPC `technician/domain:verb`, HTTP
 * `/technician/bridge/domain/verb`), answered with the technician's account.
 */

/** A sign-in to approve on a phone (RFC 8628): the code the panel shows and where to enter it. */
export const DeviceCode = Type.Object({
  /** `XXXX-XXXX`, as the service issued it. */
  userCode: Type.String({ maxLength: 64 }),
  /** The service's page to type the code into. */
  verificationUri: Type.String({ maxLength: 2048 }),
  /** The same page with the code filled in (what the QR code holds); null when the service has none. */
  verificationUriComplete: Type.Union([Type.String({ maxLength: 2048 }), Type.Null()]),
  /** Until the code runs out. */
  expiresInMs: Type.Integer({ minimum: 0 }),
});

export const TechnicianAccess = Type.Object({
  /** A kiosk with a technician PIN configured. false: the panel offers no technician entry. */
  available: Type.Boolean(),
  /** The PIN was accepted and the inactivity timeout has not run out. */
  open: Type.Boolean(),
  /** Wrong PINs still allowed before the next lock-out. */
  triesLeft: Type.Integer({ minimum: 0 }),
  /** Milliseconds until a PIN is checked again; 0 when not locked out. */
  retryInMs: Type.Integer({ minimum: 0 }),
  /** Untouched this long, the tools close, the technician is signed out and the panel shows again. */
  idleTimeoutMs: Type.Integer({ minimum: 0 }),
  /** The technician's own session (never the panel's). */
  session: SessionStatus,
  /** While the technician signs in on a phone: the code the drawer shows. */
  device: Type.Optional(DeviceCode),
});

/** `device` null: the service offers no device sign-in (the status says why) or one is not needed. */
export const DeviceSignInResult = Type.Object({
  status: SessionStatus,
  device: Type.Union([DeviceCode, Type.Null()]),
});

export const UnlockResult = Type.Object({
  outcome: Type.Union([
    Type.Literal('opened'),
    Type.Literal('wrong'),
    Type.Literal('locked'),
    Type.Literal('unavailable'),
  ]),
  access: TechnicianAccess,
});

const None = Type.Object({}, { additionalProperties: false });

export const technician = {
  status: verb('gate', None, TechnicianAccess),
  /** Checks a PIN (digits only; anything longer than a PIN is refused before it is hashed). */
  unlock: verb(
    'gate',
    Type.Object({ pin: Type.String({ maxLength: 32 }) }, { additionalProperties: false }),
    UnlockResult,
  ),
  /** The technician's sign-in (the gate must be open). Browser host: the page goes to `navigateTo`. */
  signIn: verb('gate', None, SignInResult),
  /** The technician's sign-in on a phone: a user code and QR code to approve there (RFC 8628). */
  deviceSignIn: verb('gate', None, DeviceSignInResult),
  /** The technician gave up on the sign-in under way: it ends, the gate stays open for another way. */
  cancelSignIn: verb('gate', None, TechnicianAccess),
  /** The technician is still there: restarts the inactivity timeout. */
  touch: verb('gate', None, TechnicianAccess),
  /** Closes the tools: signs the technician out (revoking the tokens) and locks the gate. */
  close: verb('gate', None, TechnicianAccess),
} as const;
