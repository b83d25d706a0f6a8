import { APP_SCHEME } from './app-protocol.ts';

/**
 * Which URLs are "the app's own page". For the app: scheme (app-protocol.ts) and http(s) (the dev
 * server) that is the scheme and host: everything `app://roomdeck/…` serves comes from the bundle,
 * because the protocol handler serves nothing else. file://
 * URLs all share the opaque origin "null", so there it is the renderer bundle's directory: a
 * page elsewhere on disk (a downloaded HTML file, say) is not the app.
 */
export function appUrlMatcher(appUrl: string): (url: string) => boolean {
  const app = new URL(appUrl);
  if (app.protocol === 'file:') {
    const dir = app.pathname.slice(0, app.pathname.lastIndexOf('/') + 1);
    return (url) => {
      const candidate = parse(url);
      return (
        candidate !== null &&
        candidate.protocol === 'file:' &&
        candidate.host === app.host &&
        candidate.pathname.startsWith(dir) &&
        // `new URL` already resolved dot segments; encoded ones must not sneak out of the bundle.
        !/%2e|%2f|%5c/i.test(candidate.pathname)
      );
    };
  }
  if (app.protocol === `${APP_SCHEME}:`) {
    // Node's URL gives non-special schemes the opaque origin "null": compare scheme and host.
    return (url) => {
      const candidate = parse(url);
      return candidate !== null && candidate.protocol === app.protocol && candidate.host === app.host;
    };
  }
  if (app.protocol === 'http:' || app.protocol === 'https:') {
    return (url) => parse(url)?.origin === app.origin;
  }
  throw new Error(`The app must be served from ${APP_SCHEME}:, file:, http: or https:, not ${app.protocol}`);
}

const parse = (url: string): URL | null => {
  try {
    return new URL(url);
  } catch {
    return null;
  }
};

/** Links the app may hand to the system browser: web pages only, never file:, javascript: etc. */
export const isExternalWebUrl = (url: string): boolean => {
  const parsed = parse(url);
  return parsed !== null && (parsed.protocol === 'http:' || parsed.protocol === 'https:');
};
