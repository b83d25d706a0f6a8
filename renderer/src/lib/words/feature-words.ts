import type { MessageKey } from '#locales';
import { t } from '../i18n/i18n.svelte.ts';

/*
 * A room's features are its configuration's tokens ("ceiling-mics", "vc"): the ones Roomdeck knows
 * are said in the panel's language; another is shown as words, its hyphens made spaces, never as
 * a token a person would have to decode.
 */

const FEATURES: Record<string, MessageKey> = {
  projector: 'room.feature.projector',
  display: 'room.feature.display',
  vc: 'room.feature.vc',
  'ceiling-mics': 'room.feature.ceilingMics',
  blinds: 'room.feature.blinds',
  whiteboard: 'room.feature.whiteboard',
  'wireless-share': 'room.feature.wirelessShare',
  signage: 'room.feature.signage',
  lighting: 'room.feature.lighting',
  'custom-panel': 'room.feature.customPanel',
  camera: 'room.feature.camera',
  'lecture-capture': 'room.feature.lectureCapture',
  dsp: 'room.feature.dsp',
  'radio-mics': 'room.feature.radioMics',
};

/** One feature as the panel says it: "ceiling-mics" → "ceiling microphones" ("Deckenmikrofone"). */
export function featureWord(token: string): string {
  const key = Object.hasOwn(FEATURES, token.toLowerCase()) ? FEATURES[token.toLowerCase()] : undefined;
  return key ? t(key) : token.replace(/[-_]+/g, ' ').trim();
}

/** A room's features, each said as a word, each once. */
export function featureWords(tokens: readonly string[]): string[] {
  return [...new Set(tokens.map(featureWord).filter((w) => w !== ''))];
}
