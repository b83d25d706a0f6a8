/*
 * One language's words and formats: messages through ICU MessageFormat (intl-messageformat, which
 * parses a message the first time it is shown and keeps it; the page's catalogues arrive parsed
 * already, compiled when the renderer is built), and dates, times and numbers through
 * Intl in the same locale, with one 12/24-hour rule for every time Roomdeck shows.
 *
 * Plain TypeScript with no DOM: the renderer wraps it in a reactive store (renderer/src/lib/i18n),
 * the main process and the host format their own pages with it.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { isolateValues, shownArguments } from './bidi.ts';
import type { MessageKey } from './en.ts';
import type { Messages } from './messages.ts';
import type { TextDirection } from './languages.ts';

/** `locale`: as the language writes times; `12h`/`24h`: the installer's choice for every language. */
export type ClockRule = 'locale' | '12h' | '24h';

export type MessageValues = Record<string, string | number | Date | null | undefined>;

export interface TranslatorOptions {
  /** The tag dates, times and numbers are written in ("en-GB"), and what `lang` says. */
  locale: string;
  /** The shipped language whose catalogue this is ("en"); the locale when absent. */
  language?: string;
  dir: TextDirection;
  messages: Messages;
  clock?: ClockRule;
}

const hourCycleOf = (clock: ClockRule): Pick<Intl.DateTimeFormatOptions, 'hourCycle'> => (clock === '12h' ? { hourCycle: 'h12' } : clock === '24h' ? { hourCycle: 'h23' } : {});

/**
 * Whether the locale writes the hour with two digits under a clock rule, read from its own short
 * time style rather than assumed: en-GB and German write 08:06 (their pattern is HH:mm), American
 * English 8:06 AM. `hour: 'numeric'` alone gives 8:06 everywhere, which no 24-hour region writes.
 */
export function hourDigits(locale: string, clock: ClockRule): '2-digit' | 'numeric' {
  // An installer's 12/24-hour choice writes the hour as that clock does everywhere: 8:06 AM, 08:06.
  if (clock === '12h') return 'numeric';
  if (clock === '24h') return '2-digit';
  const parts = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).formatToParts(Date.UTC(2000, 0, 1, 1, 5));
  const hour = parts.find((part) => part.type === 'hour')?.value ?? '';
  return hour.length >= 2 ? '2-digit' : 'numeric';
}

export class Translator {
  readonly locale: string;
  readonly language: string;
  readonly dir: TextDirection;
  readonly clock: ClockRule;
  readonly #messages: Messages;
  readonly #formats = new Map<MessageKey, IntlMessageFormat>();
  readonly #dateFormats = new Map<string, Intl.DateTimeFormat>();
  readonly #numberFormats = new Map<string, Intl.NumberFormat>();
  #hour: '2-digit' | 'numeric' | undefined;

  constructor({ locale, language, dir, messages, clock = 'locale' }: TranslatorOptions) {
    this.locale = locale;
    this.language = language ?? locale;
    this.dir = dir;
    this.clock = clock;
    this.#messages = messages;
  }

  /** The message for `key` with its placeholders filled; a message that cannot be formatted shows its key. */
  t(key: MessageKey, values?: MessageValues): string {
    const source = this.#messages[key];
    if (source === undefined) return key;
    try {
      let format = this.#formats.get(key);
      if (!format) {
        format = new IntlMessageFormat(source, this.locale, this.#icuFormats());
        this.#formats.set(key, format);
      }
      // Right to left, names and other data inside the sentence keep their own direction (bidi.ts).
      const shown = values !== undefined && this.dir === 'rtl' ? isolateValues(values, shownArguments(format.getAst())) : values;
      const out = format.format(shown as Record<string, string | number | Date>);
      return typeof out === 'string' ? out : String(out);
    } catch {
      return key;
    }
  }

  /**
   * The same language with more of its words: the page's catalogue arrives in parts (the panel's
   * words with the page, the technician's with the tools: scripts/compiled-catalogues.ts). A new
   * Translator, so a reactive reader of the old one sees the change; this one is left as it was.
   */
  including(words: Partial<Messages>): Translator {
    return new Translator({
      locale: this.locale,
      language: this.language,
      dir: this.dir,
      messages: { ...this.#messages, ...words },
      clock: this.clock,
    });
  }

  /** Whether the catalogue has `key` (a code from the service that Roomdeck may not know). */
  has(key: string): key is MessageKey {
    return Object.hasOwn(this.#messages, key);
  }

  /** Times inside messages (`{at, time, short}`) follow the same clock rule as everywhere else. */
  #icuFormats() {
    const clock = { hour: this.#hourStyle(), ...hourCycleOf(this.clock) };
    return {
      time: {
        short: { minute: '2-digit', ...clock },
        medium: { minute: '2-digit', second: '2-digit', ...clock },
      },
    } as const;
  }

  /** The hour as this locale writes it under the clock rule (hourDigits), found once. */
  #hourStyle(): '2-digit' | 'numeric' {
    this.#hour ??= hourDigits(this.locale, this.clock);
    return this.#hour;
  }

  /** Options with an `hour` get the clock rule and the locale's own hour digits (08:06 in en-GB). */
  dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
    const withClock = options.hour === undefined ? options : { ...options, hour: this.#hourStyle(), ...hourCycleOf(this.clock) };
    const id = JSON.stringify(withClock);
    let format = this.#dateFormats.get(id);
    if (!format) {
      format = new Intl.DateTimeFormat(this.locale, withClock);
      this.#dateFormats.set(id, format);
    }
    return format;
  }

  numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
    const id = JSON.stringify(options);
    let format = this.#numberFormats.get(id);
    if (!format) {
      format = new Intl.NumberFormat(this.locale, options);
      this.#numberFormats.set(id, format);
    }
    return format;
  }

  /** "14:05" / "2:05 PM" / "١٤:٠٥". */
  time(epochMs: number): string {
    return this.dateFormat({ hour: 'numeric', minute: '2-digit' }).format(epochMs);
  }

  /** "14:05:33": the tools' exact moments. */
  timeWithSeconds(epochMs: number): string {
    return this.dateFormat({ hour: 'numeric', minute: '2-digit', second: '2-digit' }).format(epochMs);
  }

  /** "Wednesday 25 November". */
  dayAndDate(epochMs: number): string {
    return this.dateFormat({ weekday: 'long', day: 'numeric', month: 'long' }).format(epochMs);
  }

  /** "25 Nov 2026, 14:05". */
  dateAndTime(epochMs: number): string {
    return this.dateFormat({ year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(epochMs);
  }

  /** "1,234" / "1.234" / "١٬٢٣٤". */
  number(value: number, options?: Intl.NumberFormatOptions): string {
    return this.numberFormat(options).format(value);
  }

  /** "45 %" / "45%" / "٤٥٪": `fraction` from 0 to 1. */
  percent(fraction: number): string {
    return this.numberFormat({ style: 'percent', maximumFractionDigits: 0 }).format(fraction);
  }

  /** A list of names: "Display 1, Display 2 and Camera" in the language's own joining words. */
  list(items: readonly string[], type: 'conjunction' | 'disjunction' = 'conjunction'): string {
    return new Intl.ListFormat(this.locale, { style: 'long', type }).format(items);
  }
}
