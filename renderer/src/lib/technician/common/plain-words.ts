/*
 * Validation messages come from schema checkers (TypeBox in the bridge and in the service) in their
 * own dialect: `"changes.name" expected string length greater or equal to 1`. A technician gets
 * the same fact in plain words, in the page's language, on the field it is about. The checker's
 * English is matched here; the words shown come from the catalogue, numbers in the page's digits.
 */
import { t } from '../../i18n/i18n.svelte.ts';

const n = (text: string | undefined): number => Number(text ?? '');

const RULES: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^expected required property$/i, () => t('tech.words.reason.required')],
  [/^unexpected property$/i, () => t('tech.words.reason.unexpected')],
  [/^expected string length greater or equal to 1$/i, () => t('tech.words.reason.empty')],
  [
    /^expected string length greater or equal to (\d+)$/i,
    (m) => t('tech.words.reason.minLength', { n: n(m[1]) }),
  ],
  [
    /^expected string length less or equal to (\d+)$/i,
    (m) => t('tech.words.reason.maxLength', { n: n(m[1]) }),
  ],
  [
    /^expected (?:integer|number) to be greater or equal to (-?[\d.]+)$/i,
    (m) => t('tech.words.reason.atLeast', { n: n(m[1]), unit: '' }),
  ],
  [
    /^expected (?:integer|number) to be less or equal to (-?[\d.]+)$/i,
    (m) => t('tech.words.reason.atMost', { n: n(m[1]), unit: '' }),
  ],
  [
    /^expected (?:integer|number) to be greater than (-?[\d.]+)$/i,
    (m) => t('tech.words.reason.moreThan', { n: n(m[1]) }),
  ],
  [
    /^expected (?:integer|number) to be less than (-?[\d.]+)$/i,
    (m) => t('tech.words.reason.lessThan', { n: n(m[1]) }),
  ],
  [/^expected string to match '(email)' format$/i, () => t('tech.words.reason.email')],
  [/^expected string to match '(uri|url)' format$/i, () => t('tech.words.reason.url')],
  [/^expected string to match '.*' format$/i, () => t('tech.words.reason.format')],
  [/^expected string to match '.*'$/i, () => t('tech.words.reason.format')],
  [/^expected integer$/i, () => t('tech.words.reason.integer')],
  [/^expected number$/i, () => t('tech.words.reason.number')],
  [/^expected string$/i, () => t('tech.words.reason.string')],
  [/^expected boolean$/i, () => t('tech.words.reason.boolean')],
  [/^expected array$/i, () => t('tech.words.reason.array')],
  [/^expected object$/i, () => t('tech.words.reason.object')],
  [/^expected union value$/i, () => t('tech.words.reason.union')],
  [/^expected array length greater or equal to 1$/i, () => t('tech.words.reason.oneEntry')],
  [
    /^expected array length greater or equal to (\d+)$/i,
    (m) => t('tech.words.reason.minEntries', { n: n(m[1]) }),
  ],
  [
    /^expected array length less or equal to (\d+)$/i,
    (m) => t('tech.words.reason.maxEntries', { n: n(m[1]) }),
  ],
  // A device's own reason ("must be ≤ 100 (the display’s maximum)"): its remark stays as it said it.
  [
    /^must be (≤|<=) (-?[\d.]+)(.*)$/i,
    (m) => t('tech.words.reason.atMost', { n: n(m[2]), unit: m[3] ?? '' }),
  ],
  [
    /^must be (≥|>=) (-?[\d.]+)(.*)$/i,
    (m) => t('tech.words.reason.atLeast', { n: n(m[2]), unit: m[3] ?? '' }),
  ],
];

/** One validation reason in plain words; anything not recognised is kept as it was said. */
export function plainReason(raw: string): string {
  const text = raw.trim().replace(/\.$/, '');
  for (const [pattern, say] of RULES) {
    const m = text.match(pattern);
    if (m) return say(m);
  }
  return text;
}

const SAID = /\(The service said: (.*)\)$/s;

/** What the service or device said, from a bridge message that appends it. */
export function serviceSaid(message: string): string | null {
  return message.match(SAID)?.[1]?.trim() ?? null;
}

/**
 * A device refusing an exec's arguments says `method: param reason`; that becomes a reason on the
 * param's field, so the form shows it where the value was typed.
 */
export function argumentFailure(
  said: string,
  method: string,
  params: readonly string[],
): { field: string; reason: string } | null {
  const m = said.match(/^([\w.-]+):\s+([\w.-]+)\s+(.+)$/s);
  if (!m || m[1] !== method || !m[2] || !params.includes(m[2])) return null;
  return { field: m[2], reason: plainReason(m[3] ?? '') };
}

/** Text with `code` spans (driver descriptions), split so a view shows them as code, not backticks. */
export function codeSpans(text: string): { code: boolean; text: string }[] {
  return text
    .split(/(`[^`]+`)/)
    .filter((part) => part !== '')
    .map((part) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 2
        ? { code: true, text: part.slice(1, -1) }
        : { code: false, text: part },
    );
}
