import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { useLanguage } from '../../renderer/src/lib/i18n/i18n.svelte.ts';
import { parseCustomLayout } from '../../renderer/src/lib/layout/custom.ts';
import { checkSettings } from '../../renderer/src/lib/technician/systems/settings-check.ts';

/*
 * The reasons a technician reads under a room's settings (and the panel under "layout problems")
 * are in the page's language, and a layout checked once and kept (as the room's plan keeps it)
 * reads in the language shown now, not the one it was checked in.
 */

const TYPES = { Display: 2, Lighting: 1 };

/** A layout with one mistake of each kind the technician meets most. */
const BROKEN = {
  version: 2,
  colour: 'blue',
  volume: { module: 'Lighting', method: 'level', status: 'level', min: 0, max: 100, limits: { max: 120 } },
  pages: [
    {
      title: 'Room',
      sections: [
        {
          title: 'Screens',
          controls: [
            {
              type: 'toggle',
              label: 42,
              module: 'Display',
              on: { method: 'power', args: [true] },
              off: { method: 'power', args: [false] },
            },
            { type: 'level', label: 'Dim', module: 'Lighting', method: 'level', min: 0 },
            { type: 'slider', label: 'x', module: 'Display' },
          ],
        },
      ],
    },
  ],
};

const UNKNOWN_MODULES = {
  sections: [
    {
      title: 'Screens',
      controls: [
        { type: 'button', label: 'Lift', module: 'Lift', method: 'up' },
        { type: 'button', label: 'Third', module: 'Display', index: 3, method: 'power', args: [true] },
      ],
    },
  ],
};

const reasons = (panel: unknown) => {
  const result = parseCustomLayout(panel, TYPES);
  if (result.ok) throw new Error('the layout should not be valid');
  return result.problems;
};
// The translator isolates values (FSI … PDI) so a Latin name keeps its order in Arabic; compared without.
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');
const asText = (problems: { path: string; reason: string }[]) =>
  problems.map((p) => plain(`${p.path} ${p.reason}`));

afterEach(() => useLanguage('en'));
afterAll(() => useLanguage('en'));

describe('the room layout’s reasons in the technician’s language', () => {
  it('are English as before', async () => {
    await useLanguage('en');
    expect(asText(reasons(BROKEN))).toEqual([
      '/colour is not a field of a layout (a typo?)',
      '/volume/limits/max must be at most 100',
      '/pages/0/sections/0/controls/0/label expected string',
      '/pages/0/sections/0/controls/1/max is required',
      '/pages/0/sections/0/controls/2/type must be one of "button", "toggle", "select", "level"',
    ]);
    expect(asText(reasons(UNKNOWN_MODULES))).toEqual([
      '/sections/0/controls/0/module this room has no "Lift" (it has Display, Lighting)',
      '/sections/0/controls/1/index this room has 2 "Display"',
    ]);
  });

  it('are German in German', async () => {
    await useLanguage('de');
    expect(asText(reasons(BROKEN))).toEqual([
      '/colour ist kein Feld eines Layouts (Tippfehler?)',
      '/volume/limits/max darf höchstens 100 sein',
      '/pages/0/sections/0/controls/0/label muss Text sein',
      '/pages/0/sections/0/controls/1/max ist erforderlich',
      '/pages/0/sections/0/controls/2/type muss "button", "toggle", "select" oder "level" sein',
    ]);
    expect(asText(reasons(UNKNOWN_MODULES))).toEqual([
      '/sections/0/controls/0/module dieser Raum hat kein Modul „Lift“ (vorhanden: Display, Lighting)',
      '/sections/0/controls/1/index dieser Raum hat nur 2 Module „Display“',
    ]);
    expect(asText(reasons('{"sections": ['))[0]).toMatch(/^\/ ist kein gültiges JSON \(.+\)$/);
  });

  it('are Arabic in Arabic, the count in its own plural form', async () => {
    await useLanguage('ar');
    const broken = asText(reasons(BROKEN));
    expect(broken[0]).toBe('/colour ليس حقلًا من حقول التخطيط (خطأ إملائي؟)');
    expect(broken[2]).toBe('/pages/0/sections/0/controls/0/label يجب أن يكون نصًا');
    expect(broken[3]).toBe('/pages/0/sections/0/controls/1/max مطلوب');
    // JSON values stay as the technician types them.
    expect(broken[4]).toContain('"button" أو "toggle" أو "select" أو "level"');
    expect(asText(reasons(UNKNOWN_MODULES))).toEqual([
      '/sections/0/controls/0/module لا توجد في هذه الغرفة وحدة "Lift" (الموجود فيها: Display, Lighting)',
      '/sections/0/controls/1/index في هذه الغرفة وحدتان فقط من "Display"',
    ]);
  });

  it('follow a language change after the layout was checked (the room keeps the result)', async () => {
    await useLanguage('en');
    const kept = reasons(UNKNOWN_MODULES);
    const settings = checkSettings(JSON.stringify({ panel: { advanced: 'yes' } }), TYPES);
    await useLanguage('de');
    expect(kept[1]!.reason).toBe('dieser Raum hat nur 2 Module „Display“');
    expect(settings.state === 'panel-problems' && settings.problems[0]!.reason).toBe(
      'muss true oder false sein',
    );
    await useLanguage('ar');
    expect(plain(kept[1]!.reason)).toBe('في هذه الغرفة وحدتان فقط من "Display"');
  });
});
