import { afterEach, describe, expect, it } from 'vitest';
import { ALL_ERROR_CODES, defaultMessage, wordsKeyOf } from '#contract';
import { errorDetail, errorWords } from '../../renderer/src/lib/i18n/error-words.ts';
import { useLanguage } from '../../renderer/src/lib/i18n/i18n.svelte.ts';

afterEach(async () => {
  await useLanguage('en');
});

describe('errorWords: a sentence for every failure code, in the page language', () => {
  it('says in English exactly what the contract’s catalogue says', () => {
    for (const code of ALL_ERROR_CODES) expect(errorWords({ code, message: 'x' })).toBe(defaultMessage(code));
  });

  it('gives every code a catalogue key of its own, so no code shows another’s sentence', () => {
    const keys = ALL_ERROR_CODES.map(wordsKeyOf);
    expect(new Set(keys).size).toBe(ALL_ERROR_CODES.length);
    for (const key of keys) expect(key).toMatch(/^error\.[a-z][A-Za-z]+$/);
  });

  it.each(['de', 'ar'])('has its own sentence for every code in %s', async (language) => {
    await useLanguage(language);
    for (const code of ALL_ERROR_CODES) {
      const words = errorWords({ code, message: defaultMessage(code) });
      expect(words, code).not.toBe(defaultMessage(code));
      expect(words, code).not.toMatch(/^error\./);
    }
    expect(errorWords({ code: 'ROOMDECK_OFFLINE', message: '' })).toContain('Roomdeck');
  });

  it('reads an unknown code as an unexpected problem, never as its raw text', async () => {
    await useLanguage('de');
    expect(errorWords({ code: 'SOMETHING_NEW', message: 'raw English' })).toBe(
      'In Roomdeck ist etwas schiefgelaufen.',
    );
  });
});

describe('errorDetail: the main process’s specifics, only when they add something', () => {
  it('is null when the message is the code’s default', () => {
    expect(errorDetail({ code: 'ROOMDECK_TIMEOUT', message: defaultMessage('ROOMDECK_TIMEOUT') })).toBeNull();
    expect(errorDetail({ code: 'ROOMDECK_TIMEOUT', message: '  ' })).toBeNull();
  });

  it('keeps only the service’s words when the message is the code’s sentence with them after it', () => {
    const message = `${defaultMessage('ROOMDECK_SESSION_ENDED')} (The service said: refresh token revoked)`;
    expect(errorDetail({ code: 'ROOMDECK_SESSION_ENDED', message })).toBe(
      'The service said: refresh token revoked',
    );
    expect(errorWords({ code: 'ROOMDECK_SESSION_ENDED', message })).toBe(
      defaultMessage('ROOMDECK_SESSION_ENDED'),
    );
  });

  it('is null when the message is the sentence the page already says in its language', async () => {
    await useLanguage('de');
    const said = errorWords({ code: 'ROOMDECK_TIMEOUT', message: '' });
    expect(errorDetail({ code: 'ROOMDECK_TIMEOUT', message: said })).toBeNull();
  });

  it('keeps a specific message as evidence', () => {
    expect(errorDetail({ code: 'ROOMDECK_DRIVER_ERROR', message: 'Display 1 did not respond' })).toBe(
      'Display 1 did not respond',
    );
  });
});
