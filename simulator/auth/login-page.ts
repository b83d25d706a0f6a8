import { escapeHtml, htmlDocument } from './html.ts';
import type { PageWords } from './page-words.ts';

/** The sign-in form and the error page the authorize endpoint shows. */

export interface LoginPageInput {
  words: PageWords;
  appName: string;
  /** The authorize parameters, posted back unchanged as hidden fields. */
  hidden: Record<string, string | undefined>;
  username?: string;
  error?: string;
}

export function hiddenFields(fields: Record<string, string | undefined>): string {
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

export function renderLoginPage(input: LoginPageInput): string {
  const hidden = hiddenFields(input.hidden);
  const error =
    input.error === undefined
      ? ''
      : `<p class="error" id="login-error" role="alert">${escapeHtml(input.error)}</p>`;
  const invalid = input.error === undefined ? '' : ' aria-invalid="true" aria-describedby="login-error"';
  const app = escapeHtml(input.appName);
  const { words } = input;
  return htmlDocument(
    words,
    words.signInTo(input.appName),
    `<h1>${escapeHtml(words.signIn)}</h1>
<p>${words.toContinueTo(`<strong>${app}</strong>`)}</p>
${error}
<form method="post" action="authorize">
${hidden}
<label for="username">${escapeHtml(words.username)}</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus value="${escapeHtml(input.username ?? '')}"${invalid}>
<label for="password">${escapeHtml(words.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
<button type="submit">${escapeHtml(words.signIn)}</button>
</form>`,
  );
}

export interface ConsentPageInput {
  words: PageWords;
  appName: string;
  /** Who the browser is signed in as. */
  userName: string;
  username: string;
  /** Where the answer goes (a loopback port for a native app), shown so the user can judge it. */
  redirectTarget: string;
  hidden: Record<string, string | undefined>;
}

/**
 * RFC 8252 §8.6: with a login session, a public client or one answered on a loopback port still gets
 * an explicit approval, or any page could open an authorize URL for a loopback port it listens on and
 * be handed a code silently.
 */
export function renderConsentPage(input: ConsentPageInput): string {
  const app = escapeHtml(input.appName);
  const { words } = input;
  return htmlDocument(
    words,
    words.continueToTitle(input.appName),
    `<h1>${escapeHtml(words.continueAs(input.userName))}</h1>
<p>${words.consentBody(`<strong>${app}</strong>`, `<strong>${escapeHtml(input.username)}</strong>`, `<code dir="ltr">${escapeHtml(input.redirectTarget)}</code>`)}</p>
<form method="post" action="authorize">
${hiddenFields(input.hidden)}
<button type="submit" name="approve" value="yes">${escapeHtml(words.continue)}</button>
</form>
<form method="post" action="authorize">
${hiddenFields(input.hidden)}
<button type="submit" name="approve" value="switch" class="secondary">${escapeHtml(words.useAnotherAccount)}</button>
</form>`,
  );
}

export function renderSignedOutPage(words: PageWords): string {
  return htmlDocument(
    words,
    words.signedOut,
    `<h1>${escapeHtml(words.signedOut)}</h1>
<p role="status">${escapeHtml(words.signedOutBody)}</p>`,
  );
}

export function renderErrorPage(words: PageWords, message: string): string {
  return htmlDocument(
    words,
    words.requestRejected,
    `<h1>${escapeHtml(words.requestRejected)}</h1>
<p role="alert">${escapeHtml(message)}</p>
<p>${escapeHtml(words.misconfigured)}</p>`,
  );
}
