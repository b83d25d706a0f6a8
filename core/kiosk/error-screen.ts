import type { Failure } from './failure.ts';

/**
 * What a panel shows when it keeps failing: in the words of someone standing in front of it,
 * what happened, that it tries again by itself (and when), and whom to call. It is a page of its
 * own (a data: URL with a strict policy), so it shows even when the app's page cannot load.
 */

export interface ErrorScreen {
  title: string;
  message: string;
  /** "It tries again by itself in about 5 minutes." */
  retry: string;
  /** Whom to call, from configuration, or a general line when none is configured. */
  contact: string;
  /** The last failure, for whoever comes to fix it. */
  detail: string;
}

const FAILURE_WORDS: Record<Failure['kind'], string> = {
  'render-process-gone': 'the panel’s page stopped',
  unresponsive: 'the panel’s page stopped responding',
  'gpu-process-gone': 'the graphics process stopped',
  'heartbeat-lost': 'the panel’s page stopped answering',
  'load-failed': 'the panel’s page could not be loaded',
};

function minutes(ms: number): string {
  const m = Math.max(1, Math.round(ms / 60_000));
  return m === 1 ? 'about a minute' : `about ${m} minutes`;
}

export function errorScreen(input: {
  failures: readonly Failure[];
  retryInMs: number;
  supportContact?: string | undefined;
}): ErrorScreen {
  const last = input.failures[input.failures.length - 1];
  const contact = input.supportContact?.trim();
  return {
    title: 'This panel is having trouble',
    message: `Roomdeck restarted the panel ${input.failures.length} times in a short while, and it keeps failing. The room’s equipment is not affected.`,
    retry: `It tries again by itself in ${minutes(input.retryInMs)}. There is nothing to press.`,
    contact: contact
      ? `If it keeps happening, contact ${contact}.`
      : 'If it keeps happening, contact your AV support team.',
    detail: last
      ? `Last problem: ${FAILURE_WORDS[last.kind]} (${last.detail}) at ${new Date(last.at).toISOString()}.`
      : '',
  };
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function errorScreenHtml(screen: ErrorScreen): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
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
