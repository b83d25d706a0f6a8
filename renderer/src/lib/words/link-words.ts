import { LINK_WORDS, linkStateOf } from '#contract';
import { toBridgeError } from '../bridge.ts';

/*
 * What the panel says when the link to the room system is not well: the contract's vocabulary,
 * the same words the main process's link-health model reports (session.link).
 */
export function linkWords(error: unknown): string {
  const bridgeError = toBridgeError(error);
  const state = linkStateOf(bridgeError.code);
  return state === null ? bridgeError.message : LINK_WORDS[state];
}
