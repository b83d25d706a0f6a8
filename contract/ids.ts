/**
 * Ids of systems and modules come from the service, the renderer and stored settings, and each one
 * becomes a segment of a URL path (`/api/control/systems/{id}`). Percent-encoding cannot protect
 * `.` and `..`: URL parsing resolves them as dot segments (`/systems/..` is `/api/control`), so an
 * id must be a plain segment: not empty, not `.` or `..`, and without `/`, `\` or control
 * characters. Checked by the bridge's schemas (INVALID_ARGS) and again by the client before it
 * builds a URL.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const UNSAFE_CHARACTERS = /[/\\\u0000-\u001f\u007f]/;

/** JSON-Schema `pattern` (ECMA-262 syntax, as TypeBox and Ajv read it) for the same rule. */
export const SAFE_ID_PATTERN = '^(?!\\.{1,2}$)[^/\\\\\\u0000-\\u001f\\u007f]+$';

export function isSafeId(id: string): boolean {
  return id !== '' && id !== '.' && id !== '..' && !UNSAFE_CHARACTERS.test(id);
}
