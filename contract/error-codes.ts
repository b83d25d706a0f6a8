/**
 * Every code a Roomdeck failure can carry, once: its kind, its default message (the words a person
 * reads when the place that fails has nothing more specific to say) and the key that message has in
 * every language's catalogue. The keys are the codes as they travel, so grepping a code seen in a
 * log finds both this entry and every place that uses it. Plain data (no TypeBox, nothing Node):
 * the renderer bundles it through `#contract`, and locales/en/shell.ts takes its English from here, so
 * the sentence is written once and the other catalogues are typed against it.
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
  /** The message's key in the catalogues (locales/): English is `message`, the others translate it. */
  readonly words: `error.${string}`;
  /** ICU MessageFormat text without arguments, so it reads the same raw and formatted. */
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
    words: 'error.offline',
    message:
      'Roomdeck cannot reach the control service. Check the network connection; Roomdeck keeps trying.',
  },
  ROOMDECK_TIMEOUT: {
    kind: 'link',
    words: 'error.timeout',
    message: 'The control service did not answer in time. Try again in a moment.',
  },
  ROOMDECK_EXEC_UNANSWERED: {
    kind: 'link',
    words: 'error.execUnanswered',
    message:
      'The room system did not answer the command in time. Roomdeck has not sent it again; check the room before you try again.',
  },
  ROOMDECK_CREDENTIALS_REFUSED: {
    kind: 'link',
    words: 'error.credentialsRefused',
    message:
      'The control service refused this panel’s credentials. Roomdeck keeps its sign-in and tries again by itself; if this lasts, ask your AV support team.',
  },
  ROOMDECK_SERVER_ERROR: {
    kind: 'link',
    words: 'error.serverError',
    message: 'The control service had a problem. Try again in a moment; if it persists, contact support.',
  },
  ROOMDECK_BAD_RESPONSE: {
    kind: 'link',
    words: 'error.badResponse',
    message:
      'The control service answered in a way Roomdeck does not understand. Check that Roomdeck is up to date, or contact support.',
  },
  ROOMDECK_BRIDGE_UNREACHABLE: {
    kind: 'link',
    words: 'error.bridgeUnreachable',
    message: 'Roomdeck is not answering. Restart Roomdeck; if it stays, reinstall it.',
  },

  // session
  ROOMDECK_AUTH_REQUIRED: {
    kind: 'session',
    words: 'error.authRequired',
    message: 'You are not signed in. Sign in to continue.',
  },
  ROOMDECK_SESSION_ENDED: {
    kind: 'session',
    words: 'error.sessionEnded',
    message: 'Your session has ended (it expired or was revoked). Sign in again to continue.',
  },

  // user: the service refused what was asked
  ROOMDECK_FORBIDDEN: {
    kind: 'user',
    words: 'error.forbidden',
    message:
      'Your account is not allowed to do this. Ask an administrator for access, or sign in with another account.',
  },
  ROOMDECK_NOT_FOUND: {
    kind: 'user',
    words: 'error.notFound',
    message: 'The room or device no longer exists. Refresh the list and pick it again.',
  },
  ROOMDECK_VERSION_CONFLICT: {
    kind: 'user',
    words: 'error.versionConflict',
    message:
      'Someone else changed this room while you were editing it. Reload it, then apply your changes again.',
  },
  ROOMDECK_VALIDATION_FAILED: {
    kind: 'user',
    words: 'error.validationFailed',
    message: 'The service did not accept these values. Correct the highlighted fields and try again.',
  },
  ROOMDECK_BAD_REQUEST: {
    kind: 'user',
    words: 'error.badRequest',
    message: 'The service did not understand the request. Check the values and try again.',
  },

  // user: signing in
  ROOMDECK_SIGN_IN_FAILED: {
    kind: 'user',
    words: 'error.signInFailed',
    message: 'Sign-in did not succeed. Try again; if it keeps failing, contact support.',
  },
  ROOMDECK_STATE_MISSING: {
    kind: 'user',
    words: 'error.stateMissing',
    message:
      'The sign-in answer was incomplete (it carried no state), so Roomdeck ignored it for your safety. Start the sign-in again.',
  },
  ROOMDECK_STATE_MISMATCH: {
    kind: 'user',
    words: 'error.stateMismatch',
    message:
      'The sign-in answer did not belong to the sign-in Roomdeck started, so it was ignored for your safety. Start the sign-in again.',
  },
  ROOMDECK_SIGN_IN_TIMEOUT: {
    kind: 'user',
    words: 'error.signInTimeout',
    message: 'Sign-in was not completed within 5 minutes. Start the sign-in again.',
  },
  ROOMDECK_SIGN_IN_DENIED: {
    kind: 'user',
    words: 'error.signInDenied',
    message: 'Sign-in was cancelled or access was not granted. Sign in again and allow access to continue.',
  },
  ROOMDECK_SIGN_IN_CODE_EXPIRED: {
    kind: 'user',
    words: 'error.signInCodeExpired',
    message: 'The sign-in code ran out before it was approved. Start the sign-in again for a new code.',
  },

  // user: the installation and the panel's own rules
  ROOMDECK_VAULT_INSECURE: {
    kind: 'user',
    words: 'error.vaultInsecure',
    message:
      'No secure key store is available (on Linux: no keyring), so Roomdeck will not store your sign-in. Install or unlock a keyring, or ask the installer to allow insecure storage knowingly.',
  },
  ROOMDECK_CONFIG_INVALID: {
    kind: 'user',
    words: 'error.configInvalid',
    message: 'Roomdeck is not configured correctly. Ask the installer to check its settings.',
  },
  ROOMDECK_SYSTEM_LOCKED: {
    kind: 'user',
    words: 'error.systemLocked',
    message:
      'This panel is fixed to its room by the installer, so the room cannot be changed here. Ask the installer to change it.',
  },
  ROOMDECK_TECHNICIAN_LOCKED: {
    kind: 'user',
    words: 'error.technicianLocked',
    message:
      'The technician tools are closed (they lock after a while untouched). Open them again with the technician PIN.',
  },
  ROOMDECK_PANEL_ENROLLED: {
    kind: 'user',
    words: 'error.panelEnrolled',
    message:
      'This panel is enrolled to its room, so the room cannot be changed here. A technician changes it with Re-enrol this panel in the technician tools.',
  },
  ROOMDECK_FORM_INVALID: {
    kind: 'user',
    words: 'error.formInvalid',
    message: FIX_MARKED_FIELDS,
  },

  // user: the transports' gates (IPC sender check, the browser host's peer, Origin and session)
  ROOMDECK_BRIDGE_INVALID_ARGS: {
    kind: 'user',
    words: 'error.bridgeInvalidArgs',
    message: 'Roomdeck could not send this request: it is not valid.',
  },
  ROOMDECK_BRIDGE_FORBIDDEN: {
    kind: 'user',
    words: 'error.bridgeForbidden',
    message: 'This page may not use Roomdeck’s bridge.',
  },
  ROOMDECK_BRIDGE_UNAUTHORIZED: {
    kind: 'user',
    words: 'error.bridgeUnauthorized',
    message:
      'This tab is not connected to Roomdeck. Open the address Roomdeck printed (it ends in /?launch=…) in this tab; if Roomdeck was restarted, use the new address it printed.',
  },
  ROOMDECK_HOST_BAD_REQUEST: {
    kind: 'user',
    words: 'error.hostBadRequest',
    message: 'This address is not valid (it has a malformed %-encoding). Open the address Roomdeck printed.',
  },
  ROOMDECK_HOST_MISDIRECTED: {
    kind: 'user',
    words: 'error.hostMisdirected',
    message: 'Open Roomdeck by its address.',
  },
  ROOMDECK_HOST_NOT_FOUND: {
    kind: 'user',
    words: 'error.hostNotFound',
    message: 'There is nothing at this address.',
  },

  // device
  ROOMDECK_MODULE_NOT_FOUND: {
    kind: 'device',
    words: 'error.moduleNotFound',
    message:
      'This room has no such device. The room may have been changed; reload the room to update its controls.',
  },
  ROOMDECK_METHOD_NOT_FOUND: {
    kind: 'device',
    words: 'error.methodNotFound',
    message:
      'The device does not support this command. Its driver may have changed; reload the room to update its controls.',
  },
  ROOMDECK_MODULE_STOPPED: {
    kind: 'device',
    words: 'error.moduleStopped',
    message: 'The device is stopped, so it cannot take commands. Start it, then try again.',
  },
  ROOMDECK_INVALID_ARGUMENTS: {
    kind: 'device',
    words: 'error.invalidArguments',
    message: 'The device did not accept the values sent with this command. Check them and try again.',
  },
  ROOMDECK_DRIVER_ERROR: {
    kind: 'device',
    words: 'error.driverError',
    message: 'The device could not carry out the command. Check that it is switched on, then try again.',
  },
  ROOMDECK_EXEC_TIMEOUT: {
    kind: 'device',
    words: 'error.execTimeout',
    message:
      'The device did not confirm the command in time. It may still complete; check the room before trying again.',
  },
  ROOMDECK_ROOM_PARTIAL: {
    kind: 'device',
    words: 'error.roomPartial',
    message:
      'Not everything worked: a device did not do what was asked. Check it is switched on, or call AV support.',
  },

  // internal
  ROOMDECK_CANCELLED: {
    kind: 'internal',
    words: 'error.cancelled',
    message: 'The request was cancelled before it finished. Try again if it is still needed.',
  },
  ROOMDECK_INTERNAL: {
    kind: 'internal',
    words: 'error.internal',
    message: 'Something went wrong inside Roomdeck. Try again; if it persists, restart Roomdeck.',
  },
  ROOMDECK_BRIDGE_INTERNAL: {
    kind: 'internal',
    words: 'error.bridgeInternal',
    message: UNEXPECTED_PROBLEM,
  },
  ROOMDECK_HOST_INTERNAL: {
    kind: 'internal',
    words: 'error.hostInternal',
    message: UNEXPECTED_PROBLEM,
  },
  ROOMDECK_BRIDGE_UNKNOWN_VERB: {
    kind: 'internal',
    words: 'error.bridgeUnknownVerb',
    message:
      'This part of Roomdeck is not available here: the page and the app are different versions. Reload the page.',
  },
  ROOMDECK_BRIDGE_BAD_RESPONSE: {
    kind: 'internal',
    words: 'error.bridgeBadResponse',
    message: 'Roomdeck answered unexpectedly.',
  },
  ROOMDECK_UNEXPECTED: {
    kind: 'internal',
    words: 'error.unexpected',
    message: 'Something went wrong in Roomdeck.',
  },
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

/** The catalogue key of each code's sentence, as a type: every one is a key of locales/en.ts. */
export type ErrorWordsKey = Catalogue[ErrorCode]['words'];

/** The catalogue key of this code's sentence (a person reads it in the page's language). */
export const wordsKeyOf = (code: ErrorCode): ErrorWordsKey => ERROR_CATALOGUE[code].words;

/** Each code's English by its catalogue key: the `error.*` section of locales/en/shell.ts. */
export type ErrorSentences = { readonly [C in ErrorCode as Catalogue[C]['words']]: Catalogue[C]['message'] };

/** The codes of one kind, in catalogue order. */
export function codesOfKind<K extends ErrorKind>(kind: K): readonly CodeOfKind<K>[] {
  return ALL_ERROR_CODES.filter((code): code is CodeOfKind<K> => kindOf(code) === kind);
}
