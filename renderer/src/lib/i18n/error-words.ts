/*
 * A failure's words in the page's language, from its code: the bridge carries `{ code, message }`,
 * where `message` is the main process's English (specific, for the log and a technician's eyes).
 * A person reads the catalogue's sentence for the code; `errorDetail` keeps the English specifics
 * as evidence where a technician view shows them.
 */
import { defaultMessage, type ErrorCode, isErrorCode } from '#contract';
import type { MessageKey } from '#locales';
import { t } from './i18n.svelte.ts';

const ERROR_WORDS = {
  ROOMDECK_OFFLINE: 'error.offline',
  ROOMDECK_TIMEOUT: 'error.timeout',
  ROOMDECK_EXEC_UNANSWERED: 'error.execUnanswered',
  ROOMDECK_CREDENTIALS_REFUSED: 'error.credentialsRefused',
  ROOMDECK_SERVER_ERROR: 'error.serverError',
  ROOMDECK_BAD_RESPONSE: 'error.badResponse',
  ROOMDECK_BRIDGE_UNREACHABLE: 'error.bridgeUnreachable',
  ROOMDECK_AUTH_REQUIRED: 'error.authRequired',
  ROOMDECK_SESSION_ENDED: 'error.sessionEnded',
  ROOMDECK_FORBIDDEN: 'error.forbidden',
  ROOMDECK_NOT_FOUND: 'error.notFound',
  ROOMDECK_VERSION_CONFLICT: 'error.versionConflict',
  ROOMDECK_VALIDATION_FAILED: 'error.validationFailed',
  ROOMDECK_BAD_REQUEST: 'error.badRequest',
  ROOMDECK_SIGN_IN_FAILED: 'error.signInFailed',
  ROOMDECK_STATE_MISSING: 'error.stateMissing',
  ROOMDECK_STATE_MISMATCH: 'error.stateMismatch',
  ROOMDECK_SIGN_IN_TIMEOUT: 'error.signInTimeout',
  ROOMDECK_SIGN_IN_DENIED: 'error.signInDenied',
  ROOMDECK_SIGN_IN_CODE_EXPIRED: 'error.signInCodeExpired',
  ROOMDECK_VAULT_INSECURE: 'error.vaultInsecure',
  ROOMDECK_CONFIG_INVALID: 'error.configInvalid',
  ROOMDECK_SYSTEM_LOCKED: 'error.systemLocked',
  ROOMDECK_TECHNICIAN_LOCKED: 'error.technicianLocked',
  ROOMDECK_PANEL_ENROLLED: 'error.panelEnrolled',
  ROOMDECK_FORM_INVALID: 'error.formInvalid',
  ROOMDECK_BRIDGE_INVALID_ARGS: 'error.bridgeInvalidArgs',
  ROOMDECK_BRIDGE_FORBIDDEN: 'error.bridgeForbidden',
  ROOMDECK_BRIDGE_UNAUTHORIZED: 'error.bridgeUnauthorized',
  ROOMDECK_HOST_BAD_REQUEST: 'error.hostBadRequest',
  ROOMDECK_HOST_MISDIRECTED: 'error.hostMisdirected',
  ROOMDECK_HOST_NOT_FOUND: 'error.hostNotFound',
  ROOMDECK_MODULE_NOT_FOUND: 'error.moduleNotFound',
  ROOMDECK_METHOD_NOT_FOUND: 'error.methodNotFound',
  ROOMDECK_MODULE_STOPPED: 'error.moduleStopped',
  ROOMDECK_INVALID_ARGUMENTS: 'error.invalidArguments',
  ROOMDECK_DRIVER_ERROR: 'error.driverError',
  ROOMDECK_EXEC_TIMEOUT: 'error.execTimeout',
  ROOMDECK_ROOM_PARTIAL: 'error.roomPartial',
  ROOMDECK_CANCELLED: 'error.cancelled',
  ROOMDECK_INTERNAL: 'error.internal',
  ROOMDECK_BRIDGE_INTERNAL: 'error.bridgeInternal',
  ROOMDECK_HOST_INTERNAL: 'error.hostInternal',
  ROOMDECK_BRIDGE_UNKNOWN_VERB: 'error.bridgeUnknownVerb',
  ROOMDECK_BRIDGE_BAD_RESPONSE: 'error.bridgeBadResponse',
  ROOMDECK_UNEXPECTED: 'error.unexpected',
} as const satisfies Record<ErrorCode, MessageKey>;

export interface ErrorLike {
  code: string;
  message: string;
}

/** The sentence a person reads for this failure's code; an unknown code reads as an unexpected problem. */
export function errorWords(error: ErrorLike): string {
  return t(isErrorCode(error.code) ? ERROR_WORDS[error.code] : ERROR_WORDS.ROOMDECK_UNEXPECTED);
}

/**
 * The main process's own words for this failure when they say more than the code's default
 * (a field's reason, a device's name), for technician views that show evidence; null otherwise.
 */
export function errorDetail(error: ErrorLike): string | null {
  if (!isErrorCode(error.code)) return error.message.trim() || null;
  let said = error.message.trim();
  // The code's own sentence with the service's words after it ("… (The service said: …)"): only
  // those words are evidence; the sentence is already what errorWords says.
  const stock = defaultMessage(error.code);
  if (said.startsWith(stock))
    said = said
      .slice(stock.length)
      .trim()
      .replace(/^\((.*)\)$/s, '$1')
      .trim();
  return said === '' || said === errorWords(error) ? null : said;
}
