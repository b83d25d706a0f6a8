import type { BridgeErrorBody } from '../../contract/errors.ts';

/**
 * Every way a Roomdeck operation can fail, as a stable code the UI may branch on. Messages are for
 * the person at the panel: what happened, then what to do. The evidence (HTTP status, the response
 * body, the underlying exception) stays in `cause` and never crosses the bridge.
 */
export const ERROR_MESSAGES = {
  ROOMDECK_OFFLINE:
    'Roomdeck cannot reach the control service. Check the network connection; Roomdeck keeps trying.',
  ROOMDECK_TIMEOUT: 'The control service did not answer in time. Try again in a moment.',
  ROOMDECK_CANCELLED: 'The request was cancelled before it finished. Try again if it is still needed.',
  ROOMDECK_AUTH_REQUIRED: 'You are not signed in. Sign in to continue.',
  ROOMDECK_CREDENTIALS_REFUSED:
    'The control service refused this panel’s credentials. Roomdeck keeps its sign-in and tries again by itself; if this lasts, ask your AV support team.',
  ROOMDECK_SESSION_ENDED: 'Your session has ended (it expired or was revoked). Sign in again to continue.',
  ROOMDECK_FORBIDDEN:
    'Your account is not allowed to do this. Ask an administrator for access, or sign in with another account.',
  ROOMDECK_NOT_FOUND: 'The room or device no longer exists. Refresh the list and pick it again.',
  ROOMDECK_MODULE_NOT_FOUND:
    'This room has no such device. The room may have been changed; reload the room to update its controls.',
  ROOMDECK_METHOD_NOT_FOUND:
    'The device does not support this command. Its driver may have changed; reload the room to update its controls.',
  ROOMDECK_VERSION_CONFLICT:
    'Someone else changed this room while you were editing it. Reload it, then apply your changes again.',
  ROOMDECK_MODULE_STOPPED: 'The device is stopped, so it cannot take commands. Start it, then try again.',
  ROOMDECK_VALIDATION_FAILED:
    'The service did not accept these values. Correct the highlighted fields and try again.',
  ROOMDECK_INVALID_ARGUMENTS:
    'The device did not accept the values sent with this command. Check them and try again.',
  ROOMDECK_DRIVER_ERROR:
    'The device could not carry out the command. Check that it is switched on, then try again.',
  ROOMDECK_EXEC_TIMEOUT:
    'The device did not confirm the command in time. It may still complete; check the room before trying again.',
  ROOMDECK_BAD_REQUEST: 'The service did not understand the request. Check the values and try again.',
  ROOMDECK_SERVER_ERROR:
    'The control service had a problem. Try again in a moment; if it persists, contact support.',
  ROOMDECK_BAD_RESPONSE:
    'The control service answered in a way Roomdeck does not understand. Check that Roomdeck is up to date, or contact support.',
  ROOMDECK_SIGN_IN_FAILED: 'Sign-in did not succeed. Try again; if it keeps failing, contact support.',
  ROOMDECK_STATE_MISSING:
    'The sign-in answer was incomplete (it carried no state), so Roomdeck ignored it for your safety. Start the sign-in again.',
  ROOMDECK_STATE_MISMATCH:
    'The sign-in answer did not belong to the sign-in Roomdeck started, so it was ignored for your safety. Start the sign-in again.',
  ROOMDECK_SIGN_IN_TIMEOUT: 'Sign-in was not completed within 5 minutes. Start the sign-in again.',
  ROOMDECK_SIGN_IN_DENIED:
    'Sign-in was cancelled or access was not granted. Sign in again and allow access to continue.',
  ROOMDECK_SIGN_IN_CODE_EXPIRED:
    'The sign-in code ran out before it was approved. Start the sign-in again for a new code.',
  ROOMDECK_VAULT_INSECURE:
    'No secure key store is available (on Linux: no keyring), so Roomdeck will not store your sign-in. Install or unlock a keyring, or ask the installer to allow insecure storage knowingly.',
  ROOMDECK_CONFIG_INVALID: 'Roomdeck is not configured correctly. Ask the installer to check its settings.',
  ROOMDECK_SYSTEM_LOCKED:
    'This panel is fixed to its room by the installer, so the room cannot be changed here. Ask the installer to change it.',
  ROOMDECK_TECHNICIAN_LOCKED:
    'The technician tools are closed (they lock after a while untouched). Open them again with the technician PIN.',
  ROOMDECK_PANEL_ENROLLED:
    'This panel is enrolled to its room, so the room cannot be changed here. A technician changes it with Re-enrol this panel in the technician tools.',
  ROOMDECK_INTERNAL: 'Something went wrong inside Roomdeck. Try again; if it persists, restart Roomdeck.',
} as const;

export type RoomdeckErrorCode = keyof typeof ERROR_MESSAGES;
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as RoomdeckErrorCode[];

export interface RoomdeckErrorOptions {
  /** Evidence for logs and tests (a Response, a body, an exception); never sent to the renderer. */
  cause?: unknown;
  /** The service's (or driver's) own words, appended to the message where they help. */
  serviceMessage?: string;
  /** Facts the UI may show: validation failures, the current version, the parameter at fault. */
  details?: Record<string, unknown>;
}

const MAX_SERVICE_MESSAGE = 300;

/**
 * Text from outside (service, driver, authorization server) gets into a message only after this:
 * anything that looks like a credential is blanked, control characters go, and it is kept short.
 */
export function sanitizeServiceMessage(text: string): string {
  const cleaned = text
    .replace(/(bearer\s+)[^\s,;"']+/gi, '$1[redacted]')
    .replace(/((?:access|refresh)_token|bearer_token|code|password|client_secret)=[^&\s]+/gi, '$1=[redacted]')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim();
  return cleaned.length > MAX_SERVICE_MESSAGE ? `${cleaned.slice(0, MAX_SERVICE_MESSAGE - 1)}…` : cleaned;
}

/**
 * A device's refusal is best said in the device's own words ("display is off"): they are the
 * reason, not a footnote to a generic sentence. Every other code keeps its sentence first.
 */
function messageWith(code: RoomdeckErrorCode, base: string, said: string | undefined): string {
  if (said === undefined) return base;
  if (code === 'ROOMDECK_DRIVER_ERROR') return `The device said: ${said.replace(/[.\s]+$/, '')}.`;
  return `${base} (The service said: ${said})`;
}

/** Codes whose service words the panel rewords itself (it needs them apart from the message). */
const SAID_CODES: ReadonlySet<RoomdeckErrorCode> = new Set([
  'ROOMDECK_DRIVER_ERROR',
  'ROOMDECK_INVALID_ARGUMENTS',
  'ROOMDECK_EXEC_TIMEOUT',
  'ROOMDECK_MODULE_STOPPED',
]);

/** The base of every Roomdeck error: a stable `code` and a message a person can act on. */
export class RoomdeckError extends Error {
  override name = 'RoomdeckError';
  readonly code: RoomdeckErrorCode;
  readonly serviceMessage: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: RoomdeckErrorCode, options: RoomdeckErrorOptions = {}) {
    const serviceMessage =
      options.serviceMessage === undefined || options.serviceMessage.trim() === ''
        ? undefined
        : sanitizeServiceMessage(options.serviceMessage);
    const base = ERROR_MESSAGES[code];
    super(messageWith(code, base, serviceMessage), { cause: options.cause });
    this.code = code;
    this.serviceMessage = serviceMessage;
    this.details = options.details;
  }
}

type LinkCode =
  | 'ROOMDECK_OFFLINE'
  | 'ROOMDECK_TIMEOUT'
  | 'ROOMDECK_CANCELLED'
  | 'ROOMDECK_CREDENTIALS_REFUSED';
/** The service could not be reached or did not answer: the request may be retried as is. */
export class LinkError extends RoomdeckError {
  override name = 'LinkError';
  declare readonly code: LinkCode;
  constructor(code: LinkCode, options?: RoomdeckErrorOptions) {
    super(code, options);
  }
}

type AuthCode = 'ROOMDECK_AUTH_REQUIRED' | 'ROOMDECK_SESSION_ENDED' | 'ROOMDECK_FORBIDDEN';
/** Who is asking is the problem, not what: sign in (again) or use another account. */
export class AuthError extends RoomdeckError {
  override name = 'AuthError';
  declare readonly code: AuthCode;
  constructor(code: AuthCode, options?: RoomdeckErrorOptions) {
    super(code, options);
  }
}

type ServiceCode =
  | 'ROOMDECK_NOT_FOUND'
  | 'ROOMDECK_MODULE_NOT_FOUND'
  | 'ROOMDECK_METHOD_NOT_FOUND'
  | 'ROOMDECK_VERSION_CONFLICT'
  | 'ROOMDECK_MODULE_STOPPED'
  | 'ROOMDECK_VALIDATION_FAILED'
  | 'ROOMDECK_INVALID_ARGUMENTS'
  | 'ROOMDECK_DRIVER_ERROR'
  | 'ROOMDECK_EXEC_TIMEOUT'
  | 'ROOMDECK_BAD_REQUEST'
  | 'ROOMDECK_SERVER_ERROR'
  | 'ROOMDECK_BAD_RESPONSE';
/** The service answered and refused, or answered with something unreadable. */
export class ServiceError extends RoomdeckError {
  override name = 'ServiceError';
  declare readonly code: ServiceCode;
  /** HTTP status of the answer; 0 when the body of a 2xx answer was unreadable. */
  readonly status: number;
  constructor(code: ServiceCode, status: number, options?: RoomdeckErrorOptions) {
    super(code, options);
    this.status = status;
  }
}

/** 409 on a system update with a stale `version` (wire contract: Errors). */
export class VersionConflictError extends ServiceError {
  override name = 'VersionConflictError';
  readonly currentVersion: number | null;
  constructor(currentVersion: number | null, options: RoomdeckErrorOptions = {}) {
    super('ROOMDECK_VERSION_CONFLICT', 409, { ...options, details: { currentVersion } });
    this.currentVersion = currentVersion;
  }
}

export interface ValidationFailure {
  field: string;
  reason: string;
}

/** 422 `validation_failed` (or legacy 406): which fields, and why. */
export class ValidationFailedError extends ServiceError {
  override name = 'ValidationFailedError';
  readonly failures: ValidationFailure[];
  constructor(status: number, failures: ValidationFailure[], options: RoomdeckErrorOptions = {}) {
    super('ROOMDECK_VALIDATION_FAILED', status, { ...options, details: { failures } });
    this.failures = failures;
  }
}

type SignInCode =
  | 'ROOMDECK_SIGN_IN_FAILED'
  | 'ROOMDECK_STATE_MISSING'
  | 'ROOMDECK_STATE_MISMATCH'
  | 'ROOMDECK_SIGN_IN_TIMEOUT'
  | 'ROOMDECK_SIGN_IN_DENIED'
  | 'ROOMDECK_SIGN_IN_CODE_EXPIRED';
/** A sign-in attempt failed; nothing was stored. */
export class SignInError extends RoomdeckError {
  override name = 'SignInError';
  declare readonly code: SignInCode;
  constructor(code: SignInCode, options?: RoomdeckErrorOptions) {
    super(code, options);
  }
}

/** The token vault refuses to store or read: no secure backend. */
export class VaultError extends RoomdeckError {
  override name = 'VaultError';
  declare readonly code: 'ROOMDECK_VAULT_INSECURE';
  constructor(options?: RoomdeckErrorOptions) {
    super('ROOMDECK_VAULT_INSECURE', options);
  }
}

/** The installation's configuration cannot work (bad URL, http to a remote host, missing secret). */
export class ConfigError extends RoomdeckError {
  override name = 'ConfigError';
  declare readonly code: 'ROOMDECK_CONFIG_INVALID';
  constructor(options?: RoomdeckErrorOptions) {
    super('ROOMDECK_CONFIG_INVALID', options);
  }
}

export const isRoomdeckError = (err: unknown): err is RoomdeckError => err instanceof RoomdeckError;

/**
 * What crosses the bridge for any thrown value: code, message and the declared details only.
 * Unknown errors become ROOMDECK_INTERNAL with the generic message, so neither a stack, nor an
 * exception's text (which might quote a request), nor a token can leak.
 */
export function toBridgeError(err: unknown): BridgeErrorBody {
  if (err instanceof RoomdeckError) {
    const body: BridgeErrorBody = { code: err.code, message: err.message };
    if (err.details !== undefined) body.details = structuredClone(err.details);
    // Already sanitised (credentials blanked, kept short) when the error was made.
    if (err.serviceMessage !== undefined && SAID_CODES.has(err.code))
      body.details = { ...body.details, said: err.serviceMessage };
    return body;
  }
  return { code: 'ROOMDECK_INTERNAL', message: ERROR_MESSAGES.ROOMDECK_INTERNAL };
}
