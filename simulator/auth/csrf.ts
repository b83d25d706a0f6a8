import { createHmac, timingSafeEqual } from 'node:crypto';
import { randomToken } from './tokens.ts';

/**
 * CSRF protection of the login and consent forms: the authorize page sets a pre-login cookie and puts
 * a token derived from it (an HMAC under a per-process key) in a hidden field. A post counts only when
 * both arrive and match, which a page on another site cannot arrange: it can neither read the field
 * nor set the cookie.
 */

export const PRELOGIN_COOKIE = 'roomdeck_sim_prelogin';
export const CSRF_FIELD = 'csrf_token';

const COOKIE_SHAPE = /^[A-Za-z0-9_-]{32,128}$/;

export class CsrfTokens {
  readonly #key = randomToken();

  /** The browser's pre-login cookie if it has a usable one, else a new one to set. */
  cookieFor(existing: string | undefined): { value: string; isNew: boolean } {
    if (existing !== undefined && COOKIE_SHAPE.test(existing)) return { value: existing, isNew: false };
    return { value: randomToken(), isNew: true };
  }

  tokenFor(cookie: string): string {
    return createHmac('sha256', this.#key).update(cookie).digest('base64url');
  }

  matches(cookie: string | undefined, token: string | undefined): boolean {
    if (cookie === undefined || token === undefined || !COOKIE_SHAPE.test(cookie)) return false;
    const expected = Buffer.from(this.tokenFor(cookie));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
