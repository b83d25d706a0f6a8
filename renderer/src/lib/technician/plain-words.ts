/*
 * Validation messages come from schema checkers (TypeBox in the bridge and in the service) in their
 * own dialect: `"changes.name" expected string length greater or equal to 1`. A technician gets
 * the same fact in plain words, on the field it is about.
 */

const RULES: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^expected required property$/i, () => 'is required'],
  [/^unexpected property$/i, () => 'is not a field here'],
  [/^expected string length greater or equal to 1$/i, () => 'must not be empty'],
  [/^expected string length greater or equal to (\d+)$/i, (m) => `must be at least ${m[1]} characters`],
  [/^expected string length less or equal to (\d+)$/i, (m) => `must be at most ${m[1]} characters`],
  [/^expected (?:integer|number) to be greater or equal to (-?[\d.]+)$/i, (m) => `must be at least ${m[1]}`],
  [/^expected (?:integer|number) to be less or equal to (-?[\d.]+)$/i, (m) => `must be at most ${m[1]}`],
  [/^expected (?:integer|number) to be greater than (-?[\d.]+)$/i, (m) => `must be more than ${m[1]}`],
  [/^expected (?:integer|number) to be less than (-?[\d.]+)$/i, (m) => `must be less than ${m[1]}`],
  [/^expected string to match '(email)' format$/i, () => 'must be an email address, like room@example.org'],
  [/^expected string to match '(uri|url)' format$/i, () => 'must be a full web address, like https://…'],
  [/^expected string to match '.*' format$/i, () => 'is not in the expected format'],
  [/^expected string to match '.*'$/i, () => 'is not in the expected format'],
  [/^expected integer$/i, () => 'must be a whole number'],
  [/^expected number$/i, () => 'must be a number'],
  [/^expected string$/i, () => 'must be text'],
  [/^expected boolean$/i, () => 'must be on or off (true or false)'],
  [/^expected array$/i, () => 'must be a list'],
  [/^expected object$/i, () => 'must be an object ({…})'],
  [/^expected union value$/i, () => 'is not one of the allowed values'],
  [/^expected array length greater or equal to 1$/i, () => 'must have at least one entry'],
  [/^expected array length greater or equal to (\d+)$/i, (m) => `must have at least ${m[1]} entries`],
  [/^expected array length less or equal to (\d+)$/i, (m) => `must have at most ${m[1]} entries`],
  [/^must be (≤|<=) (-?[\d.]+)(.*)$/i, (m) => `must be at most ${m[2]}${m[3] ?? ''}`],
  [/^must be (≥|>=) (-?[\d.]+)(.*)$/i, (m) => `must be at least ${m[2]}${m[3] ?? ''}`],
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
