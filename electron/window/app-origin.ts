/**
 * Which URLs are "the app's own page". For http(s) (the dev server) that is the origin. file://
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
  if (app.protocol === 'http:' || app.protocol === 'https:') {
    return (url) => parse(url)?.origin === app.origin;
  }
  throw new Error(`The app must be served from file:, http: or https:, not ${app.protocol}`);
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
