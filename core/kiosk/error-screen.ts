import { en } from '../../locales/en.ts';
import { negotiateLanguage, type TextDirection, Translator } from '../../locales/index.ts';
import type { Failure } from './failure.ts';

/**
 * What a panel shows when it keeps failing: in the words of someone standing in front of it,
 * what happened, that it tries again by itself (and when), and whom to call. It is a page of its
 * own (a data: URL with a strict policy), so it shows even when the app's page cannot load; and it
 * is worded here, in the main process, in the panel's language (the caller loads its Translator).
 */

export interface ErrorScreen {
  /** The language the words are in (`<html lang>`) and its direction (`<html dir>`). */
  lang: string;
  dir: TextDirection;
  title: string;
  message: string;
  /** "It tries again by itself in about 5 minutes." */
  retry: string;
  /** Whom to call, from configuration, or a general line when none is configured. */
  contact: string;
  /** The last failure, for whoever comes to fix it. */
  detail: string;
}

/** Each kind's choice in the catalogue's `app.kiosk.detail` message. */
const FAILURE_CHOICE: Record<Failure['kind'], string> = {
  'render-process-gone': 'renderGone',
  unresponsive: 'unresponsive',
  'gpu-process-gone': 'gpuGone',
  'heartbeat-lost': 'heartbeatLost',
  'load-failed': 'loadFailed',
};

/**
 * The language of the kiosk's error screen: the installer's managed `panel.locale` when set, else
 * the operating system's preferred languages, else English. (The room's own `settings.panel.locale`
 * is not known here: the screen shows exactly when the page that reads the room cannot run.)
 */
export function errorScreenLanguage(managed: string | null | undefined, system: readonly string[]): string {
  return negotiateLanguage([managed, ...system]);
}

let english: Translator | null = null;
/** English, at hand without loading: the words when no other language has been loaded (yet). */
export function englishWords(): Translator {
  english ??= new Translator({ locale: 'en', dir: 'ltr', messages: en });
  return english;
}

/** A silence Roomdeck measured, in the panel's language; Electron's own reasons stay as it gave them. */
function silence(words: Translator, failure: Failure): string | null {
  const seconds = failure.silentSeconds;
  if (seconds === undefined) return null;
  return failure.kind === 'heartbeat-lost'
    ? words.t('app.kiosk.noHeartbeat', { seconds })
    : words.t('app.kiosk.noAnswer', { seconds });
}

export function errorScreen(input: {
  failures: readonly Failure[];
  retryInMs: number;
  supportContact?: string | undefined;
  /** The panel's language (`loadTranslator(errorScreenLanguage(…))`); English when absent. */
  words?: Translator | undefined;
}): ErrorScreen {
  const words = input.words ?? englishWords();
  const last = input.failures[input.failures.length - 1];
  const contact = input.supportContact?.trim();
  return {
    lang: words.locale,
    dir: words.dir,
    title: words.t('app.kiosk.title'),
    message: words.t('app.kiosk.message', { count: input.failures.length }),
    retry: words.t('app.kiosk.retry', { minutes: Math.max(1, Math.round(input.retryInMs / 60_000)) }),
    contact: contact ? words.t('app.kiosk.contact', { contact }) : words.t('app.kiosk.contactTeam'),
    // The moment stays ISO 8601 (UTC) in every language: it is evidence to match against the logs.
    detail: last
      ? words.t('app.kiosk.detail', {
          kind: FAILURE_CHOICE[last.kind],
          detail: silence(words, last) ?? last.detail,
          at: new Date(last.at).toISOString(),
        })
      : '',
  };
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function errorScreenHtml(screen: ErrorScreen): string {
  return [
    `<!doctype html><html lang="${escapeHtml(screen.lang)}" dir="${screen.dir}"><head><meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    `<title>${escapeHtml(screen.title)}</title>`,
    '<style>body{margin:0;height:100vh;display:flex;flex-direction:column;justify-content:center;',
    'padding:0 8vw;background:#101418;color:#f2f4f6;font:2.2rem/1.4 system-ui,sans-serif;cursor:none}',
    'h1{font-size:3rem;margin:0 0 1.5rem}p{margin:0 0 1rem;max-width:60rem}',
    '.detail{font-size:1.1rem;color:#9aa5b1;margin-top:2rem}</style></head>',
    '<body role="alert">',
    `<h1>${escapeHtml(screen.title)}</h1>`,
    `<p>${escapeHtml(screen.message)}</p>`,
    `<p>${escapeHtml(screen.retry)}</p>`,
    `<p data-contact>${escapeHtml(screen.contact)}</p>`,
    screen.detail ? `<p class="detail">${escapeHtml(screen.detail)}</p>` : '',
    '</body></html>',
  ].join('');
}

export function errorScreenUrl(screen: ErrorScreen): string {
  return `data:text/html;charset=utf-8,${encodeURIComponent(errorScreenHtml(screen))}`;
}
