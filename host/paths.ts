import path from 'node:path';

/**
 * A request's path as the file server will read it: percent-decoded once, backslashes taken as
 * slashes (Windows' file APIs do), dot segments resolved and repeated slashes collapsed. The page
 * gate decides on this, never on the raw spelling: `/%69ndex.html`, `//` and `/assets/../index.html`
 * all name the app's page. Null when the encoding is malformed (a stray `%`, invalid UTF-8) or the
 * path holds a NUL: such a request is refused (400) rather than guessed at.
 */
export function decodedPath(url: string): string | null {
  const end = url.search(/[?#]/);
  const raw = end === -1 ? url : url.slice(0, end);
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  return path.posix.normalize(`/${decoded.replaceAll('\\', '/')}`);
}

/** The spellings of the app's page: the root, and `index.html` (case folded, as on macOS and Windows). */
export function isPagePath(decoded: string): boolean {
  return decoded === '/' || decoded.toLowerCase() === '/index.html';
}
