import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import Pager from '../../renderer/src/controls/Pager.svelte';
import SearchCount from '../../renderer/src/controls/SearchCount.svelte';
import Toggle from '../../renderer/src/controls/Toggle.svelte';
import type { ToggleSpec } from '../../renderer/src/lib/layout/model.ts';
import type { PanelModel } from '../../renderer/src/lib/panel/panel.svelte.ts';
import { useLanguage } from '../../renderer/src/lib/i18n/i18n.svelte.ts';
import { ROOM_CONTEXT } from '../../renderer/src/lib/control/room-context.ts';
import { countdownWords } from '../../renderer/src/views/panel/countdown.ts';
import MuteButton from '../../renderer/src/views/panel/MuteButton.svelte';
import StillUsing from '../../renderer/src/views/panel/StillUsing.svelte';
import TopBar from '../../renderer/src/views/panel/TopBar.svelte';
import { FakeRoom } from './support/fake-room.ts';

/*
 * The panel's own words in German and Arabic: counts as each language counts them (German "1 Gerät"
 * / "3 Geräte"; Arabic's dual and its 3–10 form), numbers in the language's digits, and nothing left
 * in English. Each test switches the page's language the way the page does, then back to English.
 */

/** `n` as Intl writes it in `locale` (Arabic: Latin or Arabic-Indic digits, as the ICU's CLDR has it). */
const digits = (locale: string, n: number, minimumIntegerDigits = 1) =>
  new Intl.NumberFormat(locale, { minimumIntegerDigits }).format(n);

afterEach(async () => {
  await useLanguage('en');
});

/** A panel in use with `counted` devices all answering, no calendar, no problem. */
function panelAnswering(counted: number, down: string[] = []): PanelModel {
  return {
    room: { connection: { counted, down, unread: [] }, feeds: { linkLost: null } },
    booking: null,
    nowMs: Date.UTC(2026, 10, 26, 9, 5),
  } as unknown as PanelModel;
}

const stillUsing = (secondsLeft: number) =>
  ({ idle: { secondsLeft, keep() {} }, off: async () => {} }) as unknown as PanelModel;

describe('the top bar counts devices in the language', () => {
  it('says one device and several devices in German', async () => {
    await useLanguage('de');
    const one = render(TopBar, { props: { panel: panelAnswering(1) } });
    expect(screen.getByRole('status')).toHaveTextContent('1 Gerät antwortet');
    one.unmount();
    render(TopBar, { props: { panel: panelAnswering(3) } });
    expect(screen.getByRole('status')).toHaveTextContent('Alle 3 Geräte antworten');
  });

  it('keeps English as it was for several devices', () => {
    render(TopBar, { props: { panel: panelAnswering(4) } });
    expect(screen.getByRole('status')).toHaveTextContent('All 4 devices answering');
  });

  it('lists the silent devices with the language’s own “and”', async () => {
    await useLanguage('de');
    render(TopBar, { props: { panel: panelAnswering(3, ['Display', 'Kamera']) } });
    expect(screen.getByRole('status')).toHaveTextContent('Keine Antwort: Display und Kamera');
  });

  it('uses the Arabic dual for two devices and the locale’s own plural form for more', async () => {
    await useLanguage('ar');
    const two = render(TopBar, { props: { panel: panelAnswering(2) } });
    expect(screen.getByRole('status')).toHaveTextContent('الجهازان يستجيبان');
    two.unmount();
    render(TopBar, { props: { panel: panelAnswering(5) } });
    expect(screen.getByRole('status')).toHaveTextContent(`تستجيب جميع الأجهزة الـ${digits('ar', 5)}`);
  });
});

describe('the “still using the room?” countdown', () => {
  it('says the seconds in Arabic words by their count', async () => {
    await useLanguage('ar');
    const cases: [number, string][] = [
      [1, 'خلال ثانية واحدة'],
      [2, 'خلال ثانيتين'],
      [5, `خلال ${digits('ar', 5)} ثوانٍ`],
      [30, `خلال ${digits('ar', 30)} ثانية`],
    ];
    for (const [seconds, words] of cases) {
      const view = render(StillUsing, { props: { panel: stillUsing(seconds) } });
      expect(screen.getByRole('timer')).toHaveTextContent(words);
      view.unmount();
    }
    expect(screen.queryByText(/switches off/)).toBeNull();
  });

  it('asks in German with German answers', async () => {
    await useLanguage('de');
    render(StillUsing, { props: { panel: stillUsing(30) } });
    expect(screen.getByText('Nutzen Sie den Raum noch?')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(
      'Der Raum schaltet sich in 30 s aus, wenn Sie nicht antworten.',
    );
    expect(screen.getByRole('button', { name: 'Ja, eingeschaltet lassen' })).toBeInTheDocument();
  });
});

describe('the calendar’s release countdown', () => {
  it('counts minutes and seconds in the language’s digits', async () => {
    expect(countdownWords(1_000 + 545, 1_000)).toBe('9:05');
    await useLanguage('ar');
    expect(countdownWords(1_000 + 545, 1_000)).toBe(`${digits('ar', 9)}:${digits('ar', 5, 2)}`);
    expect(countdownWords(900, 1_000)).toBe(`${digits('ar', 0)}:${digits('ar', 0, 2)}`);
    // In a numbering system of its own the seconds are still two digits ("٩:٠٥").
    await useLanguage('en');
    expect(countdownWords(1_000 + 3_725, 1_000)).toBe('62:05');
  });
});

describe('controls', () => {
  const power: ToggleSpec = {
    id: 'power',
    type: 'toggle',
    label: 'Beamer',
    module: 'Display',
    index: 1,
    on: { method: 'power', args: [true] },
    off: { method: 'power', args: [false] },
    onWhen: true,
    status: 'power',
  };

  it('a toggle says on and off in German', async () => {
    await useLanguage('de');
    const room = new FakeRoom();
    room.report('Display', { power: true });
    render(Toggle, { props: { spec: power }, context: new Map<unknown, unknown>([[ROOM_CONTEXT, room]]) });
    expect(screen.getByRole('button', { name: /Beamer/ })).toHaveTextContent('Ein');
  });

  it('the pager and the search count speak German, with the caller’s plural', async () => {
    await useLanguage('de');
    const search = {
      loading: false,
      total: 1234,
      pageCount: 3,
      pageNumber: 2,
      hasPrevious: true,
      hasNext: true,
      page() {},
    };
    render(Pager, { props: { search, label: 'Seiten', class: 'pager' } });
    expect(screen.getByText('Seite 2 von 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeInTheDocument();
    render(SearchCount, { props: { search, one: 'Raum', many: 'Räume', class: 'count' } });
    expect(screen.getByRole('status')).toHaveTextContent('1.234 Räume');
  });

  it('a channel’s mute is named by its channel in the language’s own words for it', async () => {
    const room = new FakeRoom();
    room.report('Mixer', { mute_1: false });
    const channelMute = (label: string): ToggleSpec => ({
      id: 'mute-1',
      type: 'toggle',
      label,
      module: 'Mixer',
      index: 1,
      on: { method: 'mute', args: [1, true] },
      off: { method: 'mute', args: [1, false] },
      onWhen: true,
      status: 'mute_1',
    });
    const context = new Map<unknown, unknown>([[ROOM_CONTEXT, room]]);
    const english = render(MuteButton, {
      props: { spec: channelMute('Lectern mute'), icon: 'microphone' },
      context,
    });
    expect(screen.getByRole('button', { name: 'Mute Lectern' })).toHaveTextContent('Lectern');
    english.unmount();
    await useLanguage('de');
    const german = render(MuteButton, {
      props: { spec: channelMute('Pult stumm'), icon: 'microphone' },
      context,
    });
    expect(screen.getByRole('button', { name: 'Pult stummschalten' })).toHaveTextContent('Pult');
    german.unmount();
    await useLanguage('ar');
    render(MuteButton, { props: { spec: channelMute('كتم المنصة'), icon: 'microphone' }, context });
    // The channel's name is isolated inside the Arabic sentence (FSI…PDI, locales/bidi.ts).
    // The channel's name is isolated inside the Arabic sentence (FSI…PDI, locales/bidi.ts).
    expect(screen.getByRole('button', { name: /^كتم \u2068?المنصة\u2069?$/ })).toHaveTextContent('المنصة');
  });
});
