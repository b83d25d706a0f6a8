import { describe, expect, it } from 'vitest';
import { ar } from '../../locales/ar.ts';
import { de } from '../../locales/de.ts';

/*
 * One word for the room in each language: a reader who is asked "switch off the hall?" and offered
 * "switch off the room" wonders whether these are two things. Arabic has two common words (غرفة,
 * قاعة); the catalogue uses غرفة throughout. German says Raum, never Saal or Zimmer beside it.
 */

const messagesWith = (catalogue: Record<string, string>, word: RegExp) =>
  Object.entries(catalogue)
    .filter(([, message]) => word.test(message))
    .map(([key]) => key);

describe('one word for the room', () => {
  it('Arabic says غرفة (room), never قاعة (hall) beside it', () => {
    expect(messagesWith(ar, /قاع(ة|ت|ات)/u)).toEqual([]);
    expect(messagesWith(ar, /غرف/u).length).toBeGreaterThan(20);
  });

  it('German says Raum, never Saal or Zimmer beside it', () => {
    expect(messagesWith(de, /\b(Saal|Säle|Zimmer)/u)).toEqual([]);
    expect(messagesWith(de, /Raum/u).length).toBeGreaterThan(20);
  });
});
