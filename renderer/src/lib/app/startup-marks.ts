/**
 * Performance marks the page sets on its way up (User Timing, readable with
 * `performance.getEntriesByName`): the start-up benchmark reads them instead of guessing from outside.
 */

/** The room's controls are on the screen and answer a touch. */
export const INTERACTIVE_MARK = 'roomdeck:interactive';
/** The host's answer to the first `session.boot` is in. */
export const BOOT_ANSWERED_MARK = 'roomdeck:boot-answered';
/** The page's language is loaded (its catalogue, the Translator): words can be shown. */
export const CATALOGUE_READY_MARK = 'roomdeck:catalogue-ready';
/** start.ts (the panel's code) has loaded and begins to mount. */
export const CODE_LOADED_MARK = 'roomdeck:code-loaded';
