import { ErrorCode } from '#contract';

/*
 * The error codes the panel decides by (not the ones it only words: failure-words.ts), named for
 * what they mean here; each is the catalogue's constant (contract/error-codes.ts), so a misspelt
 * code does not compile.
 */

/** The system (room) asked for does not exist on the service. */
export const NOT_FOUND = ErrorCode.ROOMDECK_NOT_FOUND;
/** The bridge's own deadline passed. */
export const TIMEOUT = ErrorCode.ROOMDECK_TIMEOUT;
/** The bridge (the main process or the browser host) could not be reached at all. */
export const UNREACHABLE = ErrorCode.ROOMDECK_BRIDGE_UNREACHABLE;
/** The bridge answered something that is not an answer. */
export const BAD_RESPONSE = ErrorCode.ROOMDECK_BRIDGE_BAD_RESPONSE;
/** A failure without a code: a fault in this app. */
export const UNEXPECTED = ErrorCode.ROOMDECK_UNEXPECTED;
/** The service waited for the device and got no answer. */
export const EXEC_TIMEOUT = ErrorCode.ROOMDECK_EXEC_TIMEOUT;

const NO_ANSWER: ReadonlySet<string> = new Set([TIMEOUT, EXEC_TIMEOUT]);

/** The error's code, when it carries one. */
export const codeOf = (error: unknown): string | undefined => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
};

/** "No answer in time" only: the device may well have done it, and its state is the proof. */
export const isNoAnswer = (error: unknown): boolean => NO_ANSWER.has(codeOf(error) ?? '');
