/**
 * Performance marks the page sets on its way up (User Timing, readable with
 * `performance.getEntriesByName`): the start-up benchmark reads them instead of guessing from outside.
 */

/** The room's controls are on the screen and answer a touch. */
export const INTERACTIVE_MARK = 'roomdeck:interactive';
/** The host's answer to the first `session.boot` is in. */
export const BOOT_ANSWERED_MARK = 'roomdeck:boot-answered';
/** start.ts (the panel's code) has loaded and begins to mount. */
export const CODE_LOADED_MARK = 'roomdeck:code-loaded';
