/**
 * The bridge contract as the renderer sees it: types, verb names and the error the clients throw.
 * This file is the one seam between the processes. The renderer imports it as `#contract` (the
 * package's `imports` map) and nothing else from outside renderer/; the layering lint enforces it.
 * Keep it free of schema code and of anything Node: it is bundled into the page.
 */
export * from './types.ts';
export { TECHNICIAN_ROUTE, verbNames } from './channels.ts';
export {
  BridgeError,
  LINK_CODES,
  LINK_LOG_WORDS_EN,
  type LinkState,
  linkStateOf,
  SESSION_CODES,
} from './errors.ts';
export {
  ALL_ERROR_CODES,
  defaultMessage,
  ERROR_CATALOGUE,
  ErrorCode,
  type ErrorKind,
  isErrorCode,
  kindOf,
  wordsKeyOf,
} from './error-codes.ts';
export { PAGE_KEY_HEADER, PAGE_KEY_META, PAGE_KEY_PARAM, PAGE_KEY_STORAGE } from './page-key.ts';
export { LIVE_EVENT_CHANNEL, LIVE_EVENTS_PATH, MAX_LIVE_TARGETS } from './live-names.ts';
