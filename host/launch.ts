import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The browser host's launch token: the one thing that separates the person who started Roomdeck
 * from every other process and user on the machine (and every web page in their browser). It is
 * printed once, in the address `npm start` shows (`/?launch=TOKEN`, as Jupyter does), and the host
 * trades it for its session cookie. Without it, `GET /` gets no cookie and no app.
 *
 * Reusable for the host's whole lifetime rather than single use: a person opens the printed address
 * again in a second tab, after closing the browser, or in another browser, and each of those needs
 * to work. Single use would buy nothing against the attackers this stops (they never see the
 * token: it lives only in the terminal and the person's own address bar, which the host clears with
 * a redirect) and would break all of those. A new start of the host makes a new token, so an old
 * printed address stops working when the host it belonged to stops.
 */

export const LAUNCH_PARAM = 'launch';

export interface LaunchToken {
  readonly value: string;
  /** Constant-time comparison: the token is a secret compared against attacker input. */
  matches(candidate: unknown): boolean;
}

export function createLaunchToken(bytes: (size: number) => Buffer = randomBytes): LaunchToken {
  const value = bytes(32).toString('base64url');
  const expected = Buffer.from(value);
  return {
    value,
    matches(candidate) {
      if (typeof candidate !== 'string') return false;
      const given = Buffer.from(candidate);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The address to print: the host's page with the token (origin like `http://127.0.0.1:5173`). */
export const launchUrl = (origin: string, token: LaunchToken): string =>
  `${origin}/?${LAUNCH_PARAM}=${token.value}`;

/**
 * Fetch metadata (`Sec-Fetch-Site`): true when the browser says the request comes from another
 * site. A person typing or pasting the printed address sends `none`; our own page sends
 * `same-origin`. `same-site` counts as foreign too: for a loopback address every other port (any
 * local web server) is the "same site". Absent (an old browser, curl) is left to the other gates.
 */
export function isForeignRequest(secFetchSite: string | string[] | undefined): boolean {
  if (secFetchSite === undefined) return false;
  const value = Array.isArray(secFetchSite) ? secFetchSite.join(',') : secFetchSite;
  return value !== 'none' && value !== 'same-origin';
}
