/**
 * Plays the user's browser against the simulator's authorization endpoint: opens the authorize
 * URL, fills in the login form (keeping its hidden fields), and returns where the service
 * redirects — the callback URL — without following it, so tests may tamper with it first.
 */
export async function loginAndGetCallback(
  authorizeUrl: string,
  credentials: { username: string; password: string } = { username: 'admin@demo.local', password: 'demo' },
): Promise<URL> {
  const form = await fetch(authorizeUrl, { redirect: 'manual' });
  if (form.status !== 200) throw new Error(`authorize page: ${form.status}`);
  // The pre-login cookie the form's CSRF token is bound to goes back with the post, as a browser's would.
  const cookie = form.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const html = await form.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (action === undefined) throw new Error('no login form');
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(unescapeHtml(match[1]!), unescapeHtml(match[2]!));
  }
  fields.set('username', credentials.username);
  fields.set('password', credentials.password);
  const target = new URL(action, authorizeUrl);
  const posted = await fetch(target, {
    method: 'POST',
    body: fields,
    redirect: 'manual',
    headers: { cookie, origin: target.origin },
  });
  const location = posted.headers.get('location');
  if (posted.status !== 302 || location === null)
    throw new Error(`login: ${posted.status} ${await posted.text()}`);
  return new URL(location);
}

/** The browser arriving at the callback URL: what page does it get? */
export async function visit(url: URL | string): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, text: await res.text() };
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, '&');
}
