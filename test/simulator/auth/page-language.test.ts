import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authorizeUrl, codeParams, type Harness, hiddenFields, pkcePair, startHarness } from './harness.ts';

/*
 * The simulator's own pages (sign-in, consent, device verification, and their errors) follow the
 * browser's Accept-Language for Roomdeck's languages, English otherwise. Real HTTP on a loopback
 * port, with the headers a browser sends.
 */

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ socket: true });
});
afterEach(async () => {
  await h.close();
});

const htmlTag = (html: string) => html.match(/<html[^>]*>/)?.[0] ?? '';
const heading = (html: string) => html.match(/<h1>([^<]*)<\/h1>/)?.[1] ?? '';
const alert = (html: string) => html.match(/<p class="error"[^>]*role="alert">([^<]*)<\/p>/)?.[1] ?? '';

const GERMAN = 'de-CH,de;q=0.9';

async function open(url: string, language: string, cookie = '') {
  const response = await fetch(url, {
    redirect: 'manual',
    headers: { 'accept-language': language, ...(cookie ? { cookie } : {}) },
  });
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  return {
    status: response.status,
    html: await response.text(),
    cookie: [cookie, ...cookies].filter(Boolean).join('; '),
  };
}

async function post(url: string, fields: Record<string, string>, language: string, cookie: string) {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'accept-language': language,
      origin: new URL(h.base).origin,
      cookie,
    },
    body: new URLSearchParams(fields).toString(),
  });
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  return {
    status: response.status,
    html: await response.text(),
    cookie: [cookie, ...cookies].filter(Boolean).join('; '),
  };
}

describe('the sign-in page in the browser’s language', () => {
  it('is German for de-CH, Arabic right to left for ar, English for fr', async () => {
    const url = authorizeUrl(h, codeParams(pkcePair().challenge));
    const german = await open(url, GERMAN);
    expect(german.status).toBe(200);
    expect(htmlTag(german.html)).toBe('<html lang="de" dir="ltr">');
    expect(heading(german.html)).toBe('Anmelden');
    expect(german.html).toContain('<label for="username">Benutzername</label>');
    expect(german.html).toContain('<label for="password">Passwort</label>');
    expect(german.html).toContain('<title>Bei Roomdeck anmelden</title>');

    const arabic = await open(url, 'ar');
    expect(htmlTag(arabic.html)).toBe('<html lang="ar" dir="rtl">');
    expect(heading(arabic.html)).toBe('تسجيل الدخول');
    expect(arabic.html).toContain('<label for="username">اسم المستخدم</label>');

    const french = await open(url, 'fr');
    expect(htmlTag(french.html)).toBe('<html lang="en" dir="ltr">');
    expect(heading(french.html)).toBe('Sign in');
  });

  it('says a wrong password in German, and an unusable request in Arabic', async () => {
    const url = authorizeUrl(h, codeParams(pkcePair().challenge));
    const form = await open(url, GERMAN);
    const wrong = await post(
      `${h.base}/authorize`,
      { ...hiddenFields(form.html), username: 'tech@demo.local', password: 'wrong' },
      GERMAN,
      form.cookie,
    );
    expect(wrong.status).toBe(401);
    expect(htmlTag(wrong.html)).toBe('<html lang="de" dir="ltr">');
    expect(alert(wrong.html)).toBe('Benutzername oder Passwort ist falsch.');

    const { client_id: _dropped, ...noClient } = codeParams(pkcePair().challenge);
    const rejected = await open(authorizeUrl(h, noClient), 'ar');
    expect(rejected.status).toBe(400);
    expect(htmlTag(rejected.html)).toBe('<html lang="ar" dir="rtl">');
    expect(heading(rejected.html)).toBe('تم رفض طلب تسجيل الدخول');
    expect(rejected.html).toContain('<p role="alert">لا يحدد الطلب أي تطبيق (client_id مفقود).</p>');
  });

  it('asks for consent in German once signed in (a loopback redirect always asks)', async () => {
    const url = authorizeUrl(h, codeParams(pkcePair().challenge));
    const form = await open(url, GERMAN);
    const signedIn = await post(
      `${h.base}/authorize`,
      { ...hiddenFields(form.html), username: 'tech@demo.local', password: 'demo' },
      GERMAN,
      form.cookie,
    );
    expect(signedIn.status).toBe(302);
    const consent = await open(authorizeUrl(h, codeParams(pkcePair().challenge)), GERMAN, signedIn.cookie);
    expect(consent.status).toBe(200);
    expect(htmlTag(consent.html)).toBe('<html lang="de" dir="ltr">');
    expect(heading(consent.html)).toMatch(/^Als .+ fortfahren\?$/);
    expect(consent.html).toContain('>Weiter</button>');
    expect(consent.html).toContain('>Anderes Konto verwenden</button>');
  });
});

describe('the device verification page in the browser’s language', () => {
  async function deviceCode(): Promise<{ verification_uri_complete: string }> {
    const response = await fetch(`${h.base}/device_authorization`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'roomdeck' }).toString(),
    });
    return (await response.json()) as { verification_uri_complete: string };
  }

  it('is Arabic right to left from the QR code’s link, the code itself kept left to right', async () => {
    const device = await deviceCode();
    const page = await open(device.verification_uri_complete, 'ar');
    expect(page.status).toBe(200);
    expect(htmlTag(page.html)).toBe('<html lang="ar" dir="rtl">');
    expect(heading(page.html)).toBe('سجّل الدخول للموافقة على جهاز');
    expect(page.html).toContain('<label for="user_code">الرمز المعروض على اللوحة</label>');
    expect(page.html).toMatch(/<input id="user_code"[^>]* dir="ltr"/);
  });

  it('says in German that a code is unknown, and approves in German', async () => {
    const device = await deviceCode();
    const login = await open(device.verification_uri_complete, GERMAN);
    const unknown = await post(
      `${h.base}/device`,
      { ...hiddenFields(login.html), username: 'tech@demo.local', password: 'demo', user_code: 'BCDF-GHJK' },
      GERMAN,
      login.cookie,
    );
    expect(unknown.status).toBe(400);
    expect(htmlTag(unknown.html)).toBe('<html lang="de" dir="ltr">');
    expect(heading(unknown.html)).toBe('Code vom Panel eingeben');
    expect(alert(unknown.html)).toBe(
      'Dieser Code ist unbekannt, abgelaufen oder wurde bereits beantwortet. Prüfen Sie den Code auf dem Panel.',
    );

    const confirm = await open(device.verification_uri_complete, GERMAN, unknown.cookie);
    expect(confirm.html).toContain('Prüfen Sie, ob das Panel vor Ihnen diesen Code anzeigt:');
    const done = await post(
      `${h.base}/device`,
      { ...hiddenFields(confirm.html), answer: 'approve' },
      GERMAN,
      confirm.cookie,
    );
    expect(done.status).toBe(200);
    expect(heading(done.html)).toBe('Freigegeben');
  });
});
