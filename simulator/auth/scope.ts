/** RFC 6749 §3.3: scope is a space-delimited, order-free list of case-sensitive strings. */

/** The granted scope string, or null when the client asked for a scope it may not have. */
export function resolveScope(requested: string | undefined, allowed: readonly string[]): string | null {
  if (requested === undefined || requested.trim() === '') return allowed.join(' ');
  const wanted = [...new Set(requested.split(' ').filter((s) => s !== ''))];
  return wanted.every((s) => allowed.includes(s)) ? wanted.join(' ') : null;
}

/** For refresh (RFC 6749 §6): the new scope may only narrow the original grant. */
export function narrowScope(requested: string | undefined, granted: string): string | null {
  return resolveScope(requested, granted.split(' '));
}
