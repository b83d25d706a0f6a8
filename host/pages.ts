import type { MessageKey, Translator } from '../locales/index.ts';

/**
 * The browser host's own small pages (not the app): what a browser sees when it came without the
 * launch token, and the step back into the app after the service's sign-in page. Static text, no
 * script (the host's CSP forbids inline script anyway); the printed address opens the app's own page
 * (launch-page.ts).
 * Each is worded in the request's language (page-language.ts), `<html lang dir>` to match.
 */

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A message some of whose placeholders are markup (a link, a `<code>` address): the words are
 * escaped, the markup is not. Each placeholder is filled with a private-use marker first, so the
 * translation keeps its own word order around the markup.
 */
export function messageWithMarkup(
  words: Translator,
  key: MessageKey,
  markup: Record<string, string>,
): string {
  const names = Object.keys(markup);
  const marked = Object.fromEntries(names.map((name, i) => [name, `\u{E000}${i}\u{E001}`]));
  return escapeHtml(words.t(key, marked)).replace(
    /\u{E000}(\d+)\u{E001}/gu,
    (_m, i: string) => markup[names[Number(i)]!] ?? '',
  );
}

export function layout(words: Translator, title: string, body: string, head = ''): string {
  // i18n-ignore: the words are the translated title; " · Roomdeck" is the product's name, the same in every language
  return `<!doctype html><html lang="${escapeHtml(words.locale)}" dir="${words.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)} · Roomdeck</title>${head}
<style>body{font:18px/1.5 system-ui,sans-serif;max-width:34rem;margin:15vh auto;padding:0 1rem;color:#1b1b1b}h1{font-size:1.5rem}code{font-size:1rem;word-break:break-all;unicode-bidi:isolate;direction:ltr}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** No valid launch token and no session: no app, no cookie, and what to do instead. */
export function launchRequiredPage(words: Translator, origin: string): string {
  return layout(
    words,
    words.t('app.host.launchTitle'),
    `<p>${messageWithMarkup(words, 'app.host.launchSafety', { suffix: '<code>/?launch=…</code>' })}</p>
<p>${messageWithMarkup(words, 'app.host.launchCopy', { origin: `<code>${escapeHtml(origin)}/</code>` })}</p>`,
  );
}

/**
 * After the service's sign-in page. The callback arrives as a navigation started by the service's
 * site, and so would a redirect to `/`: the SameSite=Strict cookie is not sent on either. A
 * navigation this page starts itself is same-origin, so the cookie comes along and the app opens.
 */
export function returnToAppPage(words: Translator): string {
  const link = `<a href="/">${escapeHtml(words.t('app.host.continueLink'))}</a>`;
  return layout(
    words,
    words.t('app.host.returningTitle'),
    `<p>${messageWithMarkup(words, 'app.host.returningBody', { link })}</p>`,
    '<meta http-equiv="refresh" content="0;url=/">',
  );
}

/** A technician's sign-in ended in its own window over the panel: the panel closes it. */
export function technicianSignedInPage(words: Translator): string {
  return layout(
    words,
    words.t('app.host.technicianTitle'),
    `<p>${escapeHtml(words.t('app.host.technicianBody'))}</p>`,
  );
}

/** A request to the callback route that does not answer the sign-in in progress (wrong `state`). */
export function ignoredCallbackPage(words: Translator): string {
  const link = `<a href="/">${escapeHtml(words.t('app.host.returnLink'))}</a>`;
  return layout(
    words,
    words.t('app.host.ignoredTitle'),
    `<p>${escapeHtml(words.t('app.host.ignoredWhy'))}</p>
<p>${messageWithMarkup(words, 'app.host.ignoredNext', { link })}</p>`,
  );
}
