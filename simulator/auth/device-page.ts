import { escapeHtml, htmlDocument } from './html.ts';
import { hiddenFields } from './login-page.ts';
import type { PageWords } from './page-words.ts';

/**
 * The device verification page (RFC 8628 §3.3): the person types (or the QR code fills in) the code
 * the panel shows, signs in, checks the code and the client, and approves or denies.
 */

export interface DevicePageBase {
  words: PageWords;
  csrf: string;
  error?: string | undefined;
}

function errorBlock(error: string | undefined): string {
  return error === undefined
    ? ''
    : `<p class="error" id="device-error" role="alert">${escapeHtml(error)}</p>`;
}

const describedBy = (error: string | undefined): string =>
  error === undefined ? '' : ' aria-invalid="true" aria-describedby="device-error"';

function codeField(words: PageWords, userCode: string, error: string | undefined): string {
  return `<label for="user_code">${escapeHtml(words.codeLabel)}</label>
<input id="user_code" name="user_code" type="text" dir="ltr" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" required placeholder="XXXX-XXXX" value="${escapeHtml(userCode)}"${describedBy(error)}>`;
}

/** Not signed in: the code (filled in from the QR code's link) and the person's credentials. */
export function renderDeviceLoginPage(
  input: DevicePageBase & { userCode: string; username?: string | undefined },
): string {
  const { words } = input;
  return htmlDocument(
    words,
    words.approveDevice,
    `<h1>${escapeHtml(words.approveDevice)}</h1>
<p>${escapeHtml(words.approveDeviceIntro)}</p>
${errorBlock(input.error)}
<form method="post" action="device">
${hiddenFields({ csrf_token: input.csrf })}
${codeField(words, input.userCode, input.error)}
<label for="username">${escapeHtml(words.username)}</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(input.username ?? '')}">
<label for="password">${escapeHtml(words.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${escapeHtml(words.signIn)}</button>
</form>`,
  );
}

/** Signed in, no usable code yet: ask for it. */
export function renderDeviceCodePage(input: DevicePageBase & { userCode: string; userName: string }): string {
  const { words } = input;
  return htmlDocument(
    words,
    words.enterCode,
    `<h1>${escapeHtml(words.enterCode)}</h1>
<p>${words.signedInAs(`<strong>${escapeHtml(input.userName)}</strong>`)}</p>
${errorBlock(input.error)}
<form method="post" action="device">
${hiddenFields({ csrf_token: input.csrf })}
${codeField(words, input.userCode, input.error)}
<button type="submit">${escapeHtml(words.continue)}</button>
</form>`,
  );
}

/**
 * RFC 8628 §5.4 (remote phishing): the person sees which client asks and the code, so a code sent to
 * them by someone else is noticed before it is approved.
 */
export function renderDeviceConfirmPage(
  input: DevicePageBase & { userCode: string; displayCode: string; appName: string; userName: string },
): string {
  const fields = hiddenFields({ csrf_token: input.csrf, user_code: input.userCode });
  const { words } = input;
  return htmlDocument(
    words,
    words.approveTitle(input.appName),
    `<h1>${escapeHtml(words.signInAppAs(input.appName, input.userName))}</h1>
<p>${escapeHtml(words.checkCode)}</p>
<p class="code" data-user-code>${escapeHtml(input.displayCode)}</p>
<p>${escapeHtml(words.approveOnlyIf)}</p>
<form method="post" action="device">
${fields}
<button type="submit" name="answer" value="approve">${escapeHtml(words.approve)}</button>
</form>
<form method="post" action="device">
${fields}
<button type="submit" name="answer" value="deny" class="secondary">${escapeHtml(words.deny)}</button>
</form>`,
  );
}

export function renderDeviceDonePage(words: PageWords, approved: boolean, appName: string): string {
  const app = escapeHtml(appName);
  return approved
    ? htmlDocument(
        words,
        words.deviceApproved,
        `<h1>${escapeHtml(words.approved)}</h1>
<p role="status">${words.approvedBody(app)}</p>`,
      )
    : htmlDocument(
        words,
        words.deviceDenied,
        `<h1>${escapeHtml(words.denied)}</h1>
<p role="status">${escapeHtml(words.deniedBody(appName))}</p>`,
      );
}
