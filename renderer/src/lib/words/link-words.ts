import { type LinkState, linkStateOf } from '#contract';
import type { MessageKey } from '#locales';
import { toBridgeError } from '../bridge/bridge.ts';
import { errorWords } from '../i18n/error-words.ts';
import { t } from '../i18n/i18n.svelte.ts';

/*
 * What the panel says when the link to the room system is not well: one vocabulary with the main
 * process's link-health model (session.link gives the state; the words are the catalogue's).
 */
const LINK_WORDS = {
  live: 'room.link.live',
  unreachable: 'room.link.unreachable',
  degraded: 'room.link.degraded',
  refused: 'room.link.refused',
} as const satisfies Record<LinkState, MessageKey>;

/** The link's state in the page's language. */
export function linkStateWords(state: LinkState): string {
  return t(LINK_WORDS[state]);
}

/** What to say for a failure that lost the link; another failure is said by its code (error-words.ts). */
export function linkWords(error: unknown): string {
  const bridgeError = toBridgeError(error);
  const state = linkStateOf(bridgeError.code);
  return state === null ? errorWords(bridgeError) : linkStateWords(state);
}
