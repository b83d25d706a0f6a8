/**
 * Settings given as text (flags, environment variables): which key each one sets and what kind of
 * value it takes, read into that kind or a message saying what was expected.
 */

export interface TextSetting {
  key: string;
  takes: 'string' | 'integer' | 'boolean' | 'list';
}

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

export function parseValue(setting: TextSetting, raw: string): { value: unknown } | { error: string } {
  if (setting.takes === 'string') return raw === '' ? { error: 'must not be empty' } : { value: raw };
  if (setting.takes === 'list') {
    // "de, en,ar": commas between, spaces around them forgiven; each entry is checked where it is used.
    const items = raw
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    return items.length === 0
      ? { error: `must list values separated by commas (got "${raw}")` }
      : { value: items };
  }
  if (setting.takes === 'integer') {
    return /^\d+$/.test(raw) ? { value: Number(raw) } : { error: `must be a whole number (got "${raw}")` };
  }
  const lower = raw.toLowerCase();
  if (TRUE.has(lower)) return { value: true };
  if (FALSE.has(lower)) return { value: false };
  return { error: `must be true or false (1/0, yes/no; got "${raw}")` };
}
