import { escapeHtml, htmlDocument } from './html.ts';

/** The sign-in form and the error page the authorize endpoint shows. */

export interface LoginPageInput {
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
  return htmlDocument(
    `Sign in to ${input.appName}`,
    `<h1>Sign in</h1>
<p>to continue to <strong>${app}</strong> (Control Service simulator)</p>
${error}
<form method="post" action="authorize">
${hidden}
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus value="${escapeHtml(input.username ?? '')}"${invalid}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
<button type="submit">Sign in</button>
</form>`,
  );
}

export interface ConsentPageInput {
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
  return htmlDocument(
    `Continue to ${input.appName}?`,
    `<h1>Continue as ${escapeHtml(input.userName)}?</h1>
<p><strong>${app}</strong> asks to use the Control Service simulator as <strong>${escapeHtml(input.username)}</strong>. It will receive the answer at <code>${escapeHtml(input.redirectTarget)}</code>.</p>
<form method="post" action="authorize">
${hiddenFields(input.hidden)}
<button type="submit" name="approve" value="yes">Continue</button>
</form>
<form method="post" action="authorize">
${hiddenFields(input.hidden)}
<button type="submit" name="approve" value="switch" class="secondary">Use another account</button>
</form>`,
  );
}

export function renderSignedOutPage(): string {
  return htmlDocument(
    'Signed out',
    `<h1>Signed out</h1>
<p role="status">This browser is no longer signed in to the Control Service simulator. The next sign-in asks for a password.</p>`,
  );
}

export function renderErrorPage(message: string): string {
  return htmlDocument(
    'Sign-in request rejected',
    `<h1>Sign-in request rejected</h1>
<p role="alert">${escapeHtml(message)}</p>
<p>The application that sent you here is misconfigured; you cannot continue from this page.</p>`,
  );
}
