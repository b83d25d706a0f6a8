import { afterEach, describe, expect, it } from 'vitest';
import { BridgeError } from '#contract';
import { toBridgeError } from '../../../renderer/src/lib/bridge/bridge.ts';
import { fmt, t, useLanguage } from '../../../renderer/src/lib/i18n/i18n.svelte.ts';
import { bookingView, countdown } from '../../../renderer/src/lib/panel/booking.ts';
import { equipmentOf } from '../../../renderer/src/lib/panel/equipment-words.ts';
import { generatedHelp } from '../../../renderer/src/lib/panel/help-text.ts';
import { formatLevel } from '../../../renderer/src/lib/panel/level-text.ts';
import { automaticPlan } from '../../../renderer/src/lib/plan/auto-plan.ts';
import { moduleInfo } from '../support/fixtures.ts';
import { checkOutcome } from '../../../renderer/src/lib/room/outcome.ts';
import { friendly } from '../../../renderer/src/lib/room/names.ts';
import { failureSentence } from '../../../renderer/src/lib/words/failure-words.ts';
import { linkStateWords, linkWords } from '../../../renderer/src/lib/words/link-words.ts';

/** Arabic sentences isolate the data inside them (FSI…PDI, locales/bidi.ts): the words, without the marks. */
const plain = (text: string | null | undefined): string | null | undefined =>
  text?.replace(/[\u2068\u2069]/g, '');

/*
 * The room's sentences in German and Arabic: the same functions the panel calls, in the page's
 * language, with the service's data (device names, the calendar's times) kept as it is.
 */

afterEach(async () => {
  await useLanguage('en');
});

/** The failure a room command that only partly worked throws, as the panel receives it. */
function partial(warnings: string[]) {
  try {
    checkOutcome({ ok: false, warnings });
  } catch (error) {
    return toBridgeError(error);
  }
  throw new Error('checkOutcome did not throw');
}

const TWO_SILENT = ['Display 1 power: offline', 'Display 2 power: no answer', 'Blinds 1 up: motor jammed'];

describe('a partial failure naming the devices, in every language', () => {
  it('names both devices that did not answer, joined as the language joins a list', async () => {
    const error = partial(TWO_SILENT);
    expect(error.code).toBe('ROOMDECK_ROOM_PARTIAL');
    expect(failureSentence(error, { phone: 'ext. 4321' })).toBe(
      'Display 1 and Display 2 are not responding: check that they are switched on and plugged in, then try again, or call ext. 4321.',
    );
    await useLanguage('de');
    expect(failureSentence(error, { phone: 'ext. 4321' })).toBe(
      'Display 1 und Display 2 reagieren nicht: Prüfen Sie, ob die Geräte eingeschaltet und angeschlossen sind, und versuchen Sie es erneut, oder rufen Sie ext. 4321 an.',
    );
    expect(failureSentence(error, { phone: null })).toMatch(/oder rufen Sie den AV-Support an\.$/);
    await useLanguage('ar');
    expect(plain(failureSentence(error, { phone: 'ext. 4321' }))).toBe(
      `${fmt().list(['Display 1', 'Display 2'])} لا يستجيبان: تأكد من أنهما قيد التشغيل وموصولان، ثم أعد المحاولة، أو اتصل بالرقم ext. 4321.`,
    );
  });

  it('says one device in the singular, and a device still warming up as such (German)', async () => {
    await useLanguage('de');
    expect(failureSentence(partial(['Projector 1 power: warming up']), { phone: null })).toBe(
      'Projector 1 wärmt sich noch auf oder kühlt ab: Warten Sie einen Moment und versuchen Sie es erneut, oder rufen Sie den AV-Support an.',
    );
  });

  it('does not read its devices from Roomdeck’s own English: the message may say anything', async () => {
    const error = partial(['Display 1 power: offline']);
    const reworded = new BridgeError({
      code: error.code,
      message: 'Nicht alles hat geklappt.',
      details: error.details,
    });
    await useLanguage('de');
    expect(failureSentence(reworded, { phone: null })).toMatch(/^Display 1 reagiert nicht: /);
  });

  it('keeps the service’s own words as evidence: the device it names, the sentence in the page’s language', async () => {
    await useLanguage('ar');
    const said =
      'Laptop was chosen, but Display 1 did not respond. Check it is switched on, or call AV support.';
    expect(
      plain(
        failureSentence({ code: 'ROOMDECK_DRIVER_ERROR', message: 'x', details: { said } }, { phone: null }),
      ),
    ).toBe('Display 1 لا يستجيب: تأكد من أنه قيد التشغيل وموصول، ثم أعد المحاولة، أو اتصل بالدعم الفني.');
    await useLanguage('de');
    expect(
      failureSentence(
        { code: 'ROOMDECK_MODULE_STOPPED', message: 'x' },
        { device: friendly('Mixer'), phone: null },
      ),
    ).toBe('Das Tonsystem ist in der Raumsteuerung ausgeschaltet: rufen Sie den AV-Support an.');
  });
});

describe('plurals in Arabic: zero, one, two, few, many and other', () => {
  it('counts equipment as Arabic counts it', async () => {
    await useLanguage('ar');
    const n = (v: number) => fmt().number(v);
    expect(equipmentOf({ Display: 1, Camera: 2, Projector: 3, Blinds: 11, Mixer: 100 }).map(plain)).toEqual([
      'شاشة واحدة',
      `${n(3)} أجهزة عرض`,
      'كاميرتان',
      `${n(100)} نظام صوت`,
      `${n(11)} ستارة`,
    ]);
    expect(plain(t('room.equipment.display', { count: 0 }))).toBe('لا شاشات');
  });

  it('says how many devices failed in each form, and minutes to book', async () => {
    await useLanguage('ar');
    const verb = (count: number) => t('room.failure.switchedOff', { count, devices: 'X', call: 'C' });
    expect(plain(verb(1))).toBe('X متوقف في نظام الغرفة: C.');
    expect(plain(verb(2))).toBe('X متوقفان في نظام الغرفة: C.');
    expect(plain(verb(3))).toBe('X متوقفة في نظام الغرفة: C.');
    expect(plain(t('room.booking.length', { minutes: 5 }))).toBe(`${fmt().number(5)} دقائق`);
    expect(plain(t('room.booking.length', { minutes: 15 }))).toBe(`${fmt().number(15)} دقيقة`);
  });

  it('counts in German and English with one and other', async () => {
    expect(equipmentOf({ Camera: 1, Display: 2, Microphone: 3 })).toEqual([
      '2 displays',
      '1 camera',
      '3 microphones',
    ]);
    await useLanguage('de');
    expect(equipmentOf({ Camera: 1, Display: 2, Microphone: 3 })).toEqual([
      '2 Displays',
      '1 Kamera',
      '3 × Microphone',
    ]);
  });
});

describe('the link’s words', () => {
  it('come from the catalogue by state, in the page’s language', async () => {
    const offline = new BridgeError({
      code: 'ROOMDECK_OFFLINE',
      message: 'The service at https://x is offline.',
    });
    expect(linkWords(offline)).toBe(
      'The room system is not answering. The controls come back by themselves.',
    );
    await useLanguage('de');
    expect(linkWords(offline)).toBe(
      'Die Raumsteuerung antwortet nicht. Die Bedienelemente kommen von selbst zurück.',
    );
    expect(linkStateWords('refused')).toMatch(
      /^Die Raumsteuerung hat die Zugangsdaten dieses Bedienfelds abgelehnt/,
    );
    await useLanguage('ar');
    expect(plain(linkStateWords('degraded'))).toBe(
      'يواجه نظام الغرفة مشكلة (يرد بأخطاء). ستعود عناصر التحكم من تلقاء نفسها.',
    );
    // A failure that is not the link's is said by its code, never in the main process's English.
    expect(linkWords(new BridgeError({ code: 'ROOMDECK_FORBIDDEN', message: 'English words' }))).not.toMatch(
      /English/,
    );
  });
});

describe('the calendar, levels, help and pages in German and Arabic', () => {
  const at = (h: number, m = 0) => Date.UTC(2026, 10, 26, h, m) / 1000;
  const state = {
    connected: true,
    today: [{ id: 'a', title: 'Design sync', organiser: 'Ada', start: at(14), end: at(15) }],
  };
  const hhmm = (s: number) => `${String(new Date(s * 1000).getUTCHours()).padStart(2, '0')}:00`;

  it('says when the room is free and what can be booked', async () => {
    await useLanguage('de');
    const free = bookingView(state, at(13, 20), hhmm);
    expect(free?.headline).toBe('Frei bis 14:00');
    expect(free?.bookChoices.map((c) => c.label)).toEqual(['15 Min.', 'Bis 14:00']);
    const busy = bookingView(state, at(14, 55), hhmm);
    expect(busy?.headline).toBe('Belegt bis 15:00');
    expect(busy?.extendChoices.map((c) => c.label)).toEqual(['+15 Min.', '+30 Min.']);
    expect(bookingView({ connected: true, today: [] }, at(9), hhmm)?.headline).toBe(
      'Frei für den Rest des Tages',
    );
    await useLanguage('ar');
    expect(plain(bookingView(state, at(13, 20), hhmm)?.headline)).toBe('متاحة حتى 14:00');
    expect(plain(countdown(at(14, 4) + 32, at(14)))).toBe(`${fmt().number(4)}:${fmt().number(32)}`);
  });

  it('prints levels with the language’s decimal mark and a real minus sign', async () => {
    expect(formatLevel(-12.5, 'dB')).toBe('−12.5 dB');
    await useLanguage('de');
    expect(formatLevel(-12.5, 'dB')).toBe('−12,5 dB');
    expect(formatLevel(6, 'dB')).toBe('+6 dB');
  });

  it('writes a room’s generated help in German, naming the sources as data', async () => {
    await useLanguage('de');
    const help = generatedHelp({ Projector: 1, Lighting: 1, Camera: 2 }, ['Lectern PC', 'Laptop']);
    expect(help).toContain(
      '**Raum starten.** Tippen Sie auf **Lectern PC** oder **Laptop**: Der Projektor schaltet sich ein und zeigt das Bild.',
    );
    expect(help).toContain('- Für Licht und Kameras gibt es oben eigene Seiten.');
    expect(help).not.toMatch(/Touch|projector/);
  });

  it('names the automatic pages and controls in the page’s language', async () => {
    await useLanguage('de');
    const plan = automaticPlan([moduleInfo('Lighting'), moduleInfo('Mixer')]);
    const lights = plan.pages.find((p) => p.kind === 'lights');
    expect(lights?.title).toBe('Licht');
    expect(lights?.groups.flatMap((g) => g.controls.map((c) => c.label))).not.toContain('Area 1');
    const labels = plan.advanced.flatMap((g) => g.controls.map((c) => c.label));
    expect(labels).toContain('Zone 1');
    expect(labels).toContain('Lectern stumm');
    // A microphone's own mute is still found by its channel, whatever the language calls mutes.
    const mics = plan.pages.find((p) => p.kind === 'audio')?.groups[0];
    expect(mics?.title).toBe('Mikrofone');
    expect(mics?.controls.filter((c) => c.type === 'toggle').map((c) => c.label)).toEqual([
      'Lectern',
      'Ceiling mics',
    ]);
    expect(plan.pages.find((p) => p.kind === 'audio')?.title).toBe('Mikros');
  });
});
