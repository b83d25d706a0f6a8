import { escapeHtml, htmlDocument } from './html.ts';

/** The sign-in form and the error page the authorize endpoint shows. */

export interface LoginPageInput {
  appName: string;
  /** The authorize parameters, posted back unchanged as hidden fields. */
  hidden: Record<string, string | undefined>;
  username?: string;
  error?: string;
}

export function renderLoginPage(input: LoginPageInput): string {
  const hidden = Object.entries(input.hidden)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
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

export function renderErrorPage(message: string): string {
  return htmlDocument(
    'Sign-in request rejected',
    `<h1>Sign-in request rejected</h1>
<p role="alert">${escapeHtml(message)}</p>
<p>The application that sent you here is misconfigured; you cannot continue from this page.</p>`,
  );
}
