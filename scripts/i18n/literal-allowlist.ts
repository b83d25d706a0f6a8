/*
 * Strings the user-facing-literal check finds that rightly stay as they are, each with its reason.
 * An entry matches a finding by file and exact text (not by line, which moves); an entry that
 * matches nothing fails the check, so the list cannot rot. Prefer `// i18n-ignore: reason` on the
 * line itself when the reason is local; use this list for what a reader of the line would not see.
 */
export interface AllowEntry {
  file: string;
  text: string;
  reason: string;
}

export const LITERAL_ALLOWLIST: readonly AllowEntry[] = [];
