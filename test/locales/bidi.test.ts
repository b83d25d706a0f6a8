import { describe, expect, it } from 'vitest';
import type { Catalogue, MessageKey } from '#locales';
import { Translator } from '../../locales/translate.ts';

/*
 * Data inside a right-to-left sentence is isolated (FSI … PDI, the text form of <bdi>), so a room
 * called "Huddle 3.2" stays "Huddle 3.2" in Arabic; left-to-right text is left exactly as it was.
 */

const MESSAGES = {
  'test.help': 'مساعدة لغرفة {room}.',
  'test.state': '{state, select, on {{name} يعمل} other {{name} متوقف}}',
  'test.count':
    '{count, plural, zero {لا شاشات} one {شاشة واحدة} two {شاشتان} few {# شاشات} many {# شاشة} other {# شاشة}} في {room}',
} as unknown as Catalogue;
const key = (k: string) => k as MessageKey;

const arabic = new Translator({ locale: 'ar', dir: 'rtl', messages: MESSAGES });
const english = new Translator({ locale: 'en', dir: 'ltr', messages: MESSAGES });

describe('data inside a right-to-left sentence keeps its own direction', () => {
  it('isolates a name shown in the sentence', () => {
    expect(arabic.t(key('test.help'), { room: 'Huddle 3.2' })).toBe('مساعدة لغرفة \u2068Huddle 3.2\u2069.');
  });

  it('isolates names inside a choice, and the choice still compares the bare word', () => {
    expect(arabic.t(key('test.state'), { state: 'on', name: 'Display 1' })).toBe(
      '\u2068Display 1\u2069 يعمل',
    );
    expect(arabic.t(key('test.state'), { state: 'off', name: 'Display 1' })).toBe(
      '\u2068Display 1\u2069 متوقف',
    );
  });

  it('leaves numbers to the locale’s own digits and isolates the name beside them', () => {
    const three = new Intl.NumberFormat('ar').format(3);
    expect(arabic.t(key('test.count'), { count: 3, room: 'Kauri' })).toBe(
      `${three} شاشات في \u2068Kauri\u2069`,
    );
  });

  it('leaves left-to-right text exactly as it was', () => {
    expect(english.t(key('test.help'), { room: 'Huddle 3.2' })).toBe('مساعدة لغرفة Huddle 3.2.');
  });
});
