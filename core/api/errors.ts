import { ERROR_CATALOGUE, ErrorCode } from '../../contract/error-codes.ts';
import type { BridgeErrorBody } from '../../contract/errors.ts';

/**
 * The codes a RoomdeckError carries (the catalogue also holds the transports' and the panel's own).
 * Messages are for the person at the panel: what happened, then what to do. The evidence (HTTP
 * status, the response body, the underlying exception) stays in `cause` and never crosses the bridge.
 */
export const ERROR_CODES = [
  ErrorCode.ROOMDECK_OFFLINE,
  ErrorCode.ROOMDECK_TIMEOUT,
  ErrorCode.ROOMDECK_EXEC_UNANSWERED,
  ErrorCode.ROOMDECK_CANCELLED,
  ErrorCode.ROOMDECK_AUTH_REQUIRED,
  ErrorCode.ROOMDECK_CREDENTIALS_REFUSED,
  ErrorCode.ROOMDECK_SESSION_ENDED,
  ErrorCode.ROOMDECK_FORBIDDEN,
  ErrorCode.ROOMDECK_NOT_FOUND,
  ErrorCode.ROOMDECK_MODULE_NOT_FOUND,
  ErrorCode.ROOMDECK_METHOD_NOT_FOUND,
  ErrorCode.ROOMDECK_VERSION_CONFLICT,
  ErrorCode.ROOMDECK_MODULE_STOPPED,
  ErrorCode.ROOMDECK_VALIDATION_FAILED,
  ErrorCode.ROOMDECK_INVALID_ARGUMENTS,
  ErrorCode.ROOMDECK_DRIVER_ERROR,
  ErrorCode.ROOMDECK_EXEC_TIMEOUT,
  ErrorCode.ROOMDECK_BAD_REQUEST,
  ErrorCode.ROOMDECK_SERVER_ERROR,
  ErrorCode.ROOMDECK_BAD_RESPONSE,
  ErrorCode.ROOMDECK_SIGN_IN_FAILED,
  ErrorCode.ROOMDECK_STATE_MISSING,
  ErrorCode.ROOMDECK_STATE_MISMATCH,
  ErrorCode.ROOMDECK_SIGN_IN_TIMEOUT,
  ErrorCode.ROOMDECK_SIGN_IN_DENIED,
  ErrorCode.ROOMDECK_SIGN_IN_CODE_EXPIRED,
  ErrorCode.ROOMDECK_VAULT_INSECURE,
  ErrorCode.ROOMDECK_CONFIG_INVALID,
  ErrorCode.ROOMDECK_SYSTEM_LOCKED,
  ErrorCode.ROOMDECK_TECHNICIAN_LOCKED,
  ErrorCode.ROOMDECK_PANEL_ENROLLED,
  ErrorCode.ROOMDECK_INTERNAL,
] as const;

export type RoomdeckErrorCode = (typeof ERROR_CODES)[number];

/** Each code's message, from the catalogue. */
export const ERROR_MESSAGES = Object.fromEntries(
  ERROR_CODES.map((code) => [code, ERROR_CATALOGUE[code].message]),
) as { readonly [C in RoomdeckErrorCode]: (typeof ERROR_CATALOGUE)[C]['message'] };

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
  if (code === ErrorCode.ROOMDECK_DRIVER_ERROR) return `The device said: ${said.replace(/[.\s]+$/, '')}.`;
  return `${base} (The service said: ${said})`;
}

/** Codes whose service words the panel rewords itself (it needs them apart from the message). */
const SAID_CODES: ReadonlySet<RoomdeckErrorCode> = new Set([
  ErrorCode.ROOMDECK_DRIVER_ERROR,
  ErrorCode.ROOMDECK_INVALID_ARGUMENTS,
  ErrorCode.ROOMDECK_EXEC_TIMEOUT,
  ErrorCode.ROOMDECK_MODULE_STOPPED,
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
  | typeof ErrorCode.ROOMDECK_OFFLINE
  | typeof ErrorCode.ROOMDECK_TIMEOUT
  | typeof ErrorCode.ROOMDECK_EXEC_UNANSWERED
  | typeof ErrorCode.ROOMDECK_CANCELLED
  | typeof ErrorCode.ROOMDECK_CREDENTIALS_REFUSED;
/** The service could not be reached or did not answer: the request may be retried as is. */
export class LinkError extends RoomdeckError {
  override name = 'LinkError';
  declare readonly code: LinkCode;
  constructor(code: LinkCode, options?: RoomdeckErrorOptions) {
    super(code, options);
  }
}

type AuthCode =
  | typeof ErrorCode.ROOMDECK_AUTH_REQUIRED
  | typeof ErrorCode.ROOMDECK_SESSION_ENDED
  | typeof ErrorCode.ROOMDECK_FORBIDDEN;
/** Who is asking is the problem, not what: sign in (again) or use another account. */
export class AuthError extends RoomdeckError {
  override name = 'AuthError';
  declare readonly code: AuthCode;
  constructor(code: AuthCode, options?: RoomdeckErrorOptions) {
    super(code, options);
  }
}

type ServiceCode =
  | typeof ErrorCode.ROOMDECK_NOT_FOUND
  | typeof ErrorCode.ROOMDECK_MODULE_NOT_FOUND
  | typeof ErrorCode.ROOMDECK_METHOD_NOT_FOUND
  | typeof ErrorCode.ROOMDECK_VERSION_CONFLICT
  | typeof ErrorCode.ROOMDECK_MODULE_STOPPED
  | typeof ErrorCode.ROOMDECK_VALIDATION_FAILED
  | typeof ErrorCode.ROOMDECK_INVALID_ARGUMENTS
  | typeof ErrorCode.ROOMDECK_DRIVER_ERROR
  | typeof ErrorCode.ROOMDECK_EXEC_TIMEOUT
  | typeof ErrorCode.ROOMDECK_BAD_REQUEST
  | typeof ErrorCode.ROOMDECK_SERVER_ERROR
  | typeof ErrorCode.ROOMDECK_BAD_RESPONSE;
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
    super(ErrorCode.ROOMDECK_VERSION_CONFLICT, 409, { ...options, details: { currentVersion } });
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
    super(ErrorCode.ROOMDECK_VALIDATION_FAILED, status, { ...options, details: { failures } });
    this.failures = failures;
  }
}

type SignInCode =
  | typeof ErrorCode.ROOMDECK_SIGN_IN_FAILED
  | typeof ErrorCode.ROOMDECK_STATE_MISSING
  | typeof ErrorCode.ROOMDECK_STATE_MISMATCH
  | typeof ErrorCode.ROOMDECK_SIGN_IN_TIMEOUT
  | typeof ErrorCode.ROOMDECK_SIGN_IN_DENIED
  | typeof ErrorCode.ROOMDECK_SIGN_IN_CODE_EXPIRED;
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
  declare readonly code: typeof ErrorCode.ROOMDECK_VAULT_INSECURE;
  constructor(options?: RoomdeckErrorOptions) {
    super(ErrorCode.ROOMDECK_VAULT_INSECURE, options);
  }
}

/** The installation's configuration cannot work (bad URL, http to a remote host, missing secret). */
export class ConfigError extends RoomdeckError {
  override name = 'ConfigError';
  declare readonly code: typeof ErrorCode.ROOMDECK_CONFIG_INVALID;
  constructor(options?: RoomdeckErrorOptions) {
    super(ErrorCode.ROOMDECK_CONFIG_INVALID, options);
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
  return { code: ErrorCode.ROOMDECK_INTERNAL, message: ERROR_MESSAGES.ROOMDECK_INTERNAL };
}
