import { afterAll, describe, expect, it } from 'vitest';
import { useLanguage } from '../../../renderer/src/lib/i18n/i18n.svelte.ts';
import { parseJsonObject } from '../../../renderer/src/lib/technician/common/json-text.ts';
import {
  emptyModuleDraft,
  moduleChanges,
} from '../../../renderer/src/lib/technician/modules/module-draft.ts';
import { coerce, fieldFor } from '../../../renderer/src/lib/technician/modules/schema-form.ts';
import { shortValue } from '../../../renderer/src/lib/technician/live/state-diff.ts';
import { changesOf, emptyDraft } from '../../../renderer/src/lib/technician/systems/system-draft.ts';

/** Arabic sentences isolate the data inside them (FSI…PDI, locales/bidi.ts): the words, without the marks. */
const plain = (text: string | null | undefined): string | null | undefined =>
  text?.replace(/[\u2068\u2069]/g, '');

/*
 * The tools' word-making modules say their reasons in the page's language when they are called
 * (not when they were imported): the same check, switched to German and to Arabic, reads in it;
 * the schema's numbers and the technical names stay as the driver wrote them.
 */

const level = fieldFor('level', { type: 'integer', minimum: 0, maximum: 100 });
const reason = (input: string) => {
  const c = coerce(level, input);
  return c.ok ? null : c.reason;
};
const driverless = () => moduleChanges(emptyModuleDraft(), { ...emptyModuleDraft(), port: '70000' }, 1, true);

afterAll(() => useLanguage('en'));

describe('the technician’s reasons follow the page’s language', () => {
  it('in English, as before', async () => {
    await useLanguage('en');
    expect(reason('150')).toBe('must be at most 100');
    expect(reason('1.5')).toBe('must be a whole number');
    expect(shortValue(undefined)).toBe('(none)');
  });

  it('in German, switched at run time, with the schema’s numbers as written', async () => {
    await useLanguage('de');
    expect(reason('150')).toBe('darf höchstens 100 sein');
    expect(reason('-1')).toBe('muss mindestens 0 sein');
    expect(reason('')).toBe('ist erforderlich');
    expect(parseJsonObject('[1]')).toEqual({
      ok: false,
      reason: 'muss ein JSON-Objekt sein, etwa {"key": "value"}',
    });
    expect(changesOf(emptyDraft(), { ...emptyDraft(), capacity: 'zwölf' })).toEqual({
      ok: false,
      failures: [{ field: 'capacity', reason: 'muss eine ganze Zahl ab 0 sein' }],
    });
    const created = driverless();
    expect(created.ok).toBe(false);
    if (!created.ok)
      expect(created.failures).toEqual(
        expect.arrayContaining([
          { field: 'dependency_id', reason: 'wählen Sie einen Treiber' },
          { field: 'port', reason: 'muss eine Portnummer von 1 bis 65535 sein' },
        ]),
      );
    expect(shortValue(undefined)).toBe('(keine)');
  });

  it('in Arabic', async () => {
    await useLanguage('ar');
    expect(plain(reason('150'))).toBe('يجب ألا يزيد على 100');
    expect(plain(reason('abc'))).toBe('يجب أن يكون رقمًا');
  });
});
