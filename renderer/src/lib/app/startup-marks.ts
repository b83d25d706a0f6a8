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
/**
 * The panel's code (start.ts and its chunk) has arrived and been evaluated: whether the boot's
 * answer or the catalogue are in yet or not (the panel mounts once all three are).
 */
export const CODE_LOADED_MARK = 'roomdeck:code-loaded';
