/**
 * The browser host's own small pages (not the app): what a browser sees when it came without the
 * launch token, and the step back into the app after the service's sign-in page. Static text, no
 * script (the host's CSP forbids inline script anyway); the launch step's page is launch-page.ts.
 */

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function layout(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)} · Roomdeck</title>${head}
<style>body{font:18px/1.5 system-ui,sans-serif;max-width:34rem;margin:15vh auto;padding:0 1rem;color:#1b1b1b}h1{font-size:1.5rem}code{font-size:1rem;word-break:break-all}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export const LAUNCH_PAGE_TITLE = 'Open Roomdeck from the address it printed';

/** No valid launch token and no session: no app, no cookie, and what to do instead. */
export function launchRequiredPage(origin: string): string {
  return layout(
    LAUNCH_PAGE_TITLE,
    `<p>For your safety, Roomdeck only opens from the address it printed when it started, which ends in <code>/?launch=…</code>.</p>
<p>Copy that address from the window where Roomdeck is running (it starts with <code>${escapeHtml(origin)}/</code>) and open it in this browser. If Roomdeck was restarted, use the new address it printed.</p>`,
  );
}

/**
 * After the service's sign-in page. The callback arrives as a navigation started by the service's
 * site, and so would a redirect to `/`: the SameSite=Strict cookie is not sent on either. A
 * navigation this page starts itself is same-origin, so the cookie comes along and the app opens.
 */
export function returnToAppPage(): string {
  return layout(
    'Returning to Roomdeck…',
    '<p><a href="/">Continue to Roomdeck</a> if this page does not move on by itself.</p>',
    '<meta http-equiv="refresh" content="0;url=/">',
  );
}

/** A request to the callback route that does not answer the sign-in in progress (wrong `state`). */
export function ignoredCallbackPage(): string {
  return layout(
    'Sign-in answer ignored',
    `<p>This answer does not belong to the sign-in Roomdeck started, so Roomdeck ignored it for your safety.</p>
<p>If you are signing in, finish on the sign-in page Roomdeck opened: Roomdeck is still waiting for it. Otherwise, <a href="/">return to Roomdeck</a>.</p>`,
  );
}
