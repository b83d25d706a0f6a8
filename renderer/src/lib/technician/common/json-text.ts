import { t } from '../../i18n/i18n.svelte.ts';

/** Settings are edited as JSON text; this reads them back, or says why it cannot. */
export type ParsedObject = { ok: true; value: Record<string, unknown> } | { ok: false; reason: string };

export function parseJsonObject(text: string): ParsedObject {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      reason: t('tech.field.notJson', { detail: error instanceof Error ? error.message : String(error) }),
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: t('tech.field.notObject', { example: '{"key": "value"}' }) };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

export const jsonText = (value: unknown): string => JSON.stringify(value ?? {}, null, 2);

/** Results and state are shown as indented JSON; `undefined` (no answer yet) reads as null. */
export const showJson = (value: unknown): string => JSON.stringify(value ?? null, null, 2) ?? 'null';

/** A whole number from a text box: undefined when empty, NaN when it is not one. */
export function wholeNumber(text: string): number | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}
