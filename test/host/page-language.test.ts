import { afterEach, describe, expect, it } from 'vitest';
import { SignInError } from '../../core/api/errors.ts';
import { fakeApi } from '../support/fake-api.ts';
import { hostFixture } from './fixture.ts';

/*
 * The host's own pages ("open the printed address", the callback's pages) follow
 * the browser's Accept-Language, as a person's browser sends it, over the host's real routes.
 */

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function setup(completeSignIn?: (url: URL) => Promise<void>) {
  const fixture = await hostFixture({ api: fakeApi(), ...(completeSignIn ? { completeSignIn } : {}) });
  close = () => fixture.app.close();
  return fixture;
}

const htmlTag = (html: string) => html.match(/<html[^>]*>/)?.[0] ?? '';
const title = (html: string) => html.match(/<h1>([^<]*)<\/h1>/)?.[1] ?? '';

describe('the host’s pages in the browser’s language', () => {
  it('asks for the printed address in German for de-CH, in Arabic right to left for ar, in English for fr', async () => {
    const { inject } = await setup();
    const german = await inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-language': 'de-CH,de;q=0.9,en;q=0.8' },
    });
    expect(german.statusCode).toBe(403);
    expect(htmlTag(german.body)).toBe('<html lang="de" dir="ltr">');
    expect(title(german.body)).toBe('Öffnen Sie Roomdeck über die Adresse, die es ausgegeben hat');
    // The markup inside the sentence survives translation: the address's start and end in <code>.
    expect(german.body).toContain('sie endet auf <code>/?launch=…</code>.');
    expect(german.body).toContain('(sie beginnt mit <code>http://127.0.0.1:47123/</code>)');
    expect(german.headers.vary).toContain('Accept-Language');

    const arabic = await inject({ method: 'GET', url: '/', headers: { 'accept-language': 'ar' } });
    expect(htmlTag(arabic.body)).toBe('<html lang="ar" dir="rtl">');
    expect(title(arabic.body)).toBe('افتح Roomdeck من العنوان الذي عرضه');
    expect(arabic.body).toContain('<code>/?launch=…</code>');

    const french = await inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(htmlTag(french.body)).toBe('<html lang="en" dir="ltr">');
    expect(title(french.body)).toBe('Open Roomdeck from the address it printed');
  });

  it('honours the order of preference (q-values), not the order written', async () => {
    const { inject } = await setup();
    const page = await inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-language': 'en;q=0.3, ar;q=0.9, de;q=0.5' },
    });
    expect(htmlTag(page.body)).toBe('<html lang="ar" dir="rtl">');
  });

  it('words the sign-in callback’s pages in Arabic: the step back, and an answer it ignored', async () => {
    let stray = false;
    const { inject } = await setup(async () => {
      if (stray) throw new SignInError('ROOMDECK_STATE_MISMATCH');
    });
    const back = await inject({
      method: 'GET',
      url: '/callback?code=c&state=s',
      headers: { 'accept-language': 'ar' },
    });
    expect(back.statusCode).toBe(200);
    expect(htmlTag(back.body)).toBe('<html lang="ar" dir="rtl">');
    // Right to left, the link is isolated inside the sentence (FSI…PDI, locales/bidi.ts).
    expect(back.body.replace(/[\u2068\u2069]/g, '')).toContain(
      '<a href="/">تابع إلى Roomdeck</a> إذا لم تنتقل هذه الصفحة من تلقاء نفسها.',
    );
    stray = true;
    const ignored = await inject({
      method: 'GET',
      url: '/callback?code=z&state=wrong',
      headers: { 'accept-language': 'ar' },
    });
    expect(ignored.statusCode).toBe(400);
    expect(htmlTag(ignored.body)).toBe('<html lang="ar" dir="rtl">');
    expect(title(ignored.body)).toBe('تم تجاهل رد تسجيل الدخول');
    expect(ignored.body.replace(/[\u2068\u2069]/g, '')).toContain('وإلا، <a href="/">فعُد إلى Roomdeck</a>.');
  });

  it('speaks English with no Accept-Language at all', async () => {
    const { inject } = await setup();
    const page = await inject({ method: 'GET', url: '/' });
    expect(htmlTag(page.body)).toBe('<html lang="en" dir="ltr">');
    expect(page.body).toContain(
      'For your safety, Roomdeck only opens from the address it printed when it started, which ends in <code>/?launch=…</code>.',
    );
  });
});
