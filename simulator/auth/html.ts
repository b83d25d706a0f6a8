import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { PageWords } from './page-words.ts';

/** The shell shared by the login and error pages: escaping, styling and the security headers. */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every echoed value passes through here: parameters come straight from the (possibly hostile) request. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
main { width: min(24rem, 100% - 2rem); padding: 2rem; border: 1px solid GrayText; border-radius: 0.75rem; }
h1 { margin: 0 0 0.25rem; font-size: 1.5rem; }
p { margin: 0 0 1.25rem; }
label { display: block; margin: 1rem 0 0.25rem; font-weight: 600; }
input { box-sizing: border-box; width: 100%; padding: 0.6rem; font: inherit; border: 1px solid GrayText; border-radius: 0.4rem; }
input:focus-visible, button:focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
button { margin-top: 1.5rem; width: 100%; padding: 0.7rem; font: inherit; font-weight: 600; border: 0; border-radius: 0.4rem; background: #1f5fbf; color: #fff; cursor: pointer; }
button.secondary { margin-top: 0.75rem; background: transparent; color: CanvasText; border: 1px solid GrayText; }
code { overflow-wrap: anywhere; }
p.code { font: 700 2rem/1.2 ui-monospace, monospace; letter-spacing: 0.1em; text-align: center; direction: ltr; unicode-bidi: isolate; }
.error { padding: 0.6rem 0.8rem; border-radius: 0.4rem; background: #fde8e8; color: #8a1111; }
`;

/** The one inline style is allowed by hash, so the CSP needs no 'unsafe-inline'. */
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** `form-action` source for the redirect target: Chrome applies form-action to redirects after a POST. */
function formTarget(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol;
}

/** A page whose forms post only back to this service (the device verification page). */
export const FORMS_TO_SELF = Symbol('forms to self');

export function contentSecurityPolicy(formRedirectUri: string | null | typeof FORMS_TO_SELF): string {
  const formAction =
    formRedirectUri === null
      ? "'none'"
      : formRedirectUri === FORMS_TO_SELF
        ? "'self'"
        : `'self' ${formTarget(formRedirectUri)}`;
  return [
    "default-src 'none'",
    `style-src 'sha256-${STYLE_HASH}'`,
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** A page in `words`' language: `<html lang dir>` say which, so the browser lays it out right to left where it is. */
export function htmlDocument(words: PageWords, title: string, body: string): string {
  return `<!doctype html>
<html lang="${words.lang}" dir="${words.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * Sends a page with headers that keep it out of frames (clickjacking, RFC 6749 §10.13), out of caches
 * and out of other sites' Referer headers (its URL carries state and PKCE challenge). `same-origin`, not
 * `no-referrer`: with the latter a browser posts the form with `Origin: null`, and the Origin check
 * needs the real one.
 */
export function sendHtml(
  reply: FastifyReply,
  status: number,
  html: string,
  formRedirectUri: string | null | typeof FORMS_TO_SELF,
): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', contentSecurityPolicy(formRedirectUri))
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .header('cache-control', 'no-store')
    .send(html);
}
