import { escapeHtml, htmlDocument } from './html.ts';
import { hiddenFields } from './login-page.ts';

/**
 * The device verification page (RFC 8628 §3.3): the person types (or the QR code fills in) the code
 * the panel shows, signs in, checks the code and the client, and approves or denies.
 */

export interface DevicePageBase {
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

function codeField(userCode: string, error: string | undefined): string {
  return `<label for="user_code">Code shown on the panel</label>
<input id="user_code" name="user_code" type="text" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" required placeholder="XXXX-XXXX" value="${escapeHtml(userCode)}"${describedBy(error)}>`;
}

/** Not signed in: the code (filled in from the QR code's link) and the person's credentials. */
export function renderDeviceLoginPage(
  input: DevicePageBase & { userCode: string; username?: string | undefined },
): string {
  return htmlDocument(
    'Sign in to approve a device',
    `<h1>Sign in to approve a device</h1>
<p>A Roomdeck panel asks to sign in with your account. Sign in, then check the code.</p>
${errorBlock(input.error)}
<form method="post" action="device">
${hiddenFields({ csrf_token: input.csrf })}
${codeField(input.userCode, input.error)}
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(input.username ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

/** Signed in, no usable code yet: ask for it. */
export function renderDeviceCodePage(input: DevicePageBase & { userCode: string; userName: string }): string {
  return htmlDocument(
    'Enter the code from the panel',
    `<h1>Enter the code from the panel</h1>
<p>Signed in as <strong>${escapeHtml(input.userName)}</strong>.</p>
${errorBlock(input.error)}
<form method="post" action="device">
${hiddenFields({ csrf_token: input.csrf })}
${codeField(input.userCode, input.error)}
<button type="submit">Continue</button>
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
  return htmlDocument(
    `Approve ${input.appName}?`,
    `<h1>Sign in ${escapeHtml(input.appName)} as ${escapeHtml(input.userName)}?</h1>
<p>Check that the panel in front of you shows this code:</p>
<p class="code" data-user-code>${escapeHtml(input.displayCode)}</p>
<p>Approve only if you started this on that panel yourself.</p>
<form method="post" action="device">
${fields}
<button type="submit" name="answer" value="approve">Approve</button>
</form>
<form method="post" action="device">
${fields}
<button type="submit" name="answer" value="deny" class="secondary">Deny</button>
</form>`,
  );
}

export function renderDeviceDonePage(approved: boolean, appName: string): string {
  const app = escapeHtml(appName);
  return approved
    ? htmlDocument(
        'Device approved',
        `<h1>Approved</h1>
<p role="status">${app} is signing you in on the panel now. You can close this page.</p>`,
      )
    : htmlDocument(
        'Device denied',
        `<h1>Denied</h1>
<p role="status">${app} will not be signed in. You can close this page.</p>`,
      );
}
