/**
 * Every code a Roomdeck failure can carry, once: its default message (the words a person reads when
 * the place that fails has nothing more specific to say) and its kind. The keys are the codes as
 * they travel, so grepping a code seen in a log finds both this entry and every place that uses it.
 * Plain data (no TypeBox, nothing Node): the renderer bundles it through `#contract`.
 *
 * The kinds say what a failure means for the panel as a whole:
 * - `link`: the service (or Roomdeck's own main process) could not be reached or answered with
 *   errors or garbage; every control goes stale until it answers again.
 * - `session`: the sign-in is missing or over; the panel goes back to sign-in.
 * - `user`: bad input, or a refusal the person (or the installer) can act on.
 * - `device`: a device in the room failed, refused, or no longer matches the panel.
 * - `internal`: a fault inside Roomdeck or between its own parts (a bug, versions that differ).
 */
export type ErrorKind = 'link' | 'session' | 'user' | 'device' | 'internal';

export interface ErrorEntry {
  readonly kind: ErrorKind;
  readonly message: string;
}

/** Said by the bridge and the host when something inside them failed; the stack stays in the log. */
const UNEXPECTED_PROBLEM = 'Roomdeck hit an unexpected problem. Try again.';
/** Said for values that cannot be sent as they are; the fields carry the reasons. */
const FIX_MARKED_FIELDS = 'Some values cannot be sent as they are. Correct the marked fields and try again.';

export const ERROR_CATALOGUE = {
  // link
  ROOMDECK_OFFLINE: {
    kind: 'link',
    message:
      'Roomdeck cannot reach the control service. Check the network connection; Roomdeck keeps trying.',
  },
  ROOMDECK_TIMEOUT: {
    kind: 'link',
    message: 'The control service did not answer in time. Try again in a moment.',
  },
  ROOMDECK_EXEC_UNANSWERED: {
    kind: 'link',
    message:
      'The room system did not answer the command in time. Roomdeck has not sent it again; check the room before you try again.',
  },
  ROOMDECK_CREDENTIALS_REFUSED: {
    kind: 'link',
    message:
      'The control service refused this panel’s credentials. Roomdeck keeps its sign-in and tries again by itself; if this lasts, ask your AV support team.',
  },
  ROOMDECK_SERVER_ERROR: {
    kind: 'link',
    message: 'The control service had a problem. Try again in a moment; if it persists, contact support.',
  },
  ROOMDECK_BAD_RESPONSE: {
    kind: 'link',
    message:
      'The control service answered in a way Roomdeck does not understand. Check that Roomdeck is up to date, or contact support.',
  },
  ROOMDECK_BRIDGE_UNREACHABLE: {
    kind: 'link',
    message: 'Roomdeck is not answering. Restart Roomdeck; if it stays, reinstall it.',
  },

  // session
  ROOMDECK_AUTH_REQUIRED: { kind: 'session', message: 'You are not signed in. Sign in to continue.' },
  ROOMDECK_SESSION_ENDED: {
    kind: 'session',
    message: 'Your session has ended (it expired or was revoked). Sign in again to continue.',
  },

  // user: the service refused what was asked
  ROOMDECK_FORBIDDEN: {
    kind: 'user',
    message:
      'Your account is not allowed to do this. Ask an administrator for access, or sign in with another account.',
  },
  ROOMDECK_NOT_FOUND: {
    kind: 'user',
    message: 'The room or device no longer exists. Refresh the list and pick it again.',
  },
  ROOMDECK_VERSION_CONFLICT: {
    kind: 'user',
    message:
      'Someone else changed this room while you were editing it. Reload it, then apply your changes again.',
  },
  ROOMDECK_VALIDATION_FAILED: {
    kind: 'user',
    message: 'The service did not accept these values. Correct the highlighted fields and try again.',
  },
  ROOMDECK_BAD_REQUEST: {
    kind: 'user',
    message: 'The service did not understand the request. Check the values and try again.',
  },

  // user: signing in
  ROOMDECK_SIGN_IN_FAILED: {
    kind: 'user',
    message: 'Sign-in did not succeed. Try again; if it keeps failing, contact support.',
  },
  ROOMDECK_STATE_MISSING: {
    kind: 'user',
    message:
      'The sign-in answer was incomplete (it carried no state), so Roomdeck ignored it for your safety. Start the sign-in again.',
  },
  ROOMDECK_STATE_MISMATCH: {
    kind: 'user',
    message:
      'The sign-in answer did not belong to the sign-in Roomdeck started, so it was ignored for your safety. Start the sign-in again.',
  },
  ROOMDECK_SIGN_IN_TIMEOUT: {
    kind: 'user',
    message: 'Sign-in was not completed within 5 minutes. Start the sign-in again.',
  },
  ROOMDECK_SIGN_IN_DENIED: {
    kind: 'user',
    message: 'Sign-in was cancelled or access was not granted. Sign in again and allow access to continue.',
  },
  ROOMDECK_SIGN_IN_CODE_EXPIRED: {
    kind: 'user',
    message: 'The sign-in code ran out before it was approved. Start the sign-in again for a new code.',
  },

  // user: the installation and the panel's own rules
  ROOMDECK_VAULT_INSECURE: {
    kind: 'user',
    message:
      'No secure key store is available (on Linux: no keyring), so Roomdeck will not store your sign-in. Install or unlock a keyring, or ask the installer to allow insecure storage knowingly.',
  },
  ROOMDECK_CONFIG_INVALID: {
    kind: 'user',
    message: 'Roomdeck is not configured correctly. Ask the installer to check its settings.',
  },
  ROOMDECK_SYSTEM_LOCKED: {
    kind: 'user',
    message:
      'This panel is fixed to its room by the installer, so the room cannot be changed here. Ask the installer to change it.',
  },
  ROOMDECK_TECHNICIAN_LOCKED: {
    kind: 'user',
    message:
      'The technician tools are closed (they lock after a while untouched). Open them again with the technician PIN.',
  },
  ROOMDECK_PANEL_ENROLLED: {
    kind: 'user',
    message:
      'This panel is enrolled to its room, so the room cannot be changed here. A technician changes it with Re-enrol this panel in the technician tools.',
  },
  ROOMDECK_FORM_INVALID: { kind: 'user', message: FIX_MARKED_FIELDS },

  // user: the transports' gates (IPC sender check, the browser host's peer, Origin and session)
  ROOMDECK_BRIDGE_INVALID_ARGS: {
    kind: 'user',
    message: 'Roomdeck could not send this request: it is not valid.',
  },
  ROOMDECK_BRIDGE_FORBIDDEN: { kind: 'user', message: 'This page may not use Roomdeck’s bridge.' },
  ROOMDECK_BRIDGE_UNAUTHORIZED: {
    kind: 'user',
    message:
      'This tab is not connected to Roomdeck. Open the address Roomdeck printed (it ends in /?launch=…) in this tab; if Roomdeck was restarted, use the new address it printed.',
  },
  ROOMDECK_HOST_BAD_REQUEST: {
    kind: 'user',
    message: 'This address is not valid (it has a malformed %-encoding). Open the address Roomdeck printed.',
  },
  ROOMDECK_HOST_MISDIRECTED: { kind: 'user', message: 'Open Roomdeck by its address.' },
  ROOMDECK_HOST_NOT_FOUND: { kind: 'user', message: 'There is nothing at this address.' },

  // device
  ROOMDECK_MODULE_NOT_FOUND: {
    kind: 'device',
    message:
      'This room has no such device. The room may have been changed; reload the room to update its controls.',
  },
  ROOMDECK_METHOD_NOT_FOUND: {
    kind: 'device',
    message:
      'The device does not support this command. Its driver may have changed; reload the room to update its controls.',
  },
  ROOMDECK_MODULE_STOPPED: {
    kind: 'device',
    message: 'The device is stopped, so it cannot take commands. Start it, then try again.',
  },
  ROOMDECK_INVALID_ARGUMENTS: {
    kind: 'device',
    message: 'The device did not accept the values sent with this command. Check them and try again.',
  },
  ROOMDECK_DRIVER_ERROR: {
    kind: 'device',
    message: 'The device could not carry out the command. Check that it is switched on, then try again.',
  },
  ROOMDECK_EXEC_TIMEOUT: {
    kind: 'device',
    message:
      'The device did not confirm the command in time. It may still complete; check the room before trying again.',
  },
  ROOMDECK_ROOM_PARTIAL: {
    kind: 'device',
    message:
      'Not everything worked: a device did not do what was asked. Check it is switched on, or call AV support.',
  },

  // internal
  ROOMDECK_CANCELLED: {
    kind: 'internal',
    message: 'The request was cancelled before it finished. Try again if it is still needed.',
  },
  ROOMDECK_INTERNAL: {
    kind: 'internal',
    message: 'Something went wrong inside Roomdeck. Try again; if it persists, restart Roomdeck.',
  },
  ROOMDECK_BRIDGE_INTERNAL: { kind: 'internal', message: UNEXPECTED_PROBLEM },
  ROOMDECK_HOST_INTERNAL: { kind: 'internal', message: UNEXPECTED_PROBLEM },
  ROOMDECK_BRIDGE_UNKNOWN_VERB: {
    kind: 'internal',
    message:
      'This part of Roomdeck is not available here: the page and the app are different versions. Reload the page.',
  },
  ROOMDECK_BRIDGE_BAD_RESPONSE: { kind: 'internal', message: 'Roomdeck answered unexpectedly.' },
  ROOMDECK_UNEXPECTED: { kind: 'internal', message: 'Something went wrong in Roomdeck.' },
} as const satisfies Readonly<Record<`ROOMDECK_${string}`, ErrorEntry>>;

type Catalogue = typeof ERROR_CATALOGUE;

/** One of the codes above; a misspelt code is a type error wherever one is thrown or compared. */
export type ErrorCode = keyof Catalogue;

/** The codes whose kind is `K`, as a type (e.g. the union of the link codes). */
export type CodeOfKind<K extends ErrorKind> = {
  [C in ErrorCode]: Catalogue[C]['kind'] extends K ? C : never;
}[ErrorCode];

/** Every code by its own name: `ErrorCode.ROOMDECK_OFFLINE === 'ROOMDECK_OFFLINE'`. */
export const ErrorCode: { readonly [C in ErrorCode]: C } = Object.freeze(
  Object.fromEntries(Object.keys(ERROR_CATALOGUE).map((code) => [code, code])) as {
    [C in ErrorCode]: C;
  },
);

export const ALL_ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** For values from outside the type system (a wire body, a thrown object): is it one of ours? */
export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);

export const kindOf = (code: ErrorCode): ErrorKind => ERROR_CATALOGUE[code].kind;

export const defaultMessage = (code: ErrorCode): string => ERROR_CATALOGUE[code].message;

/** The codes of one kind, in catalogue order. */
export function codesOfKind<K extends ErrorKind>(kind: K): readonly CodeOfKind<K>[] {
  return ALL_ERROR_CODES.filter((code): code is CodeOfKind<K> => kindOf(code) === kind);
}
