import type { Types } from '#contract';
import type { CustomLayoutResult } from './custom.ts';

/**
 * Reads a room's own layout (settings.panel), loading the reader only when the room has one: the
 * reader and its schema checker are a third of the panel's code, and most rooms never need them.
 * `null`: the room has no layout of its own (the automatic one is used).
 */
export async function readCustomLayout(panel: unknown, types: Types): Promise<CustomLayoutResult | null> {
  if (panel === undefined || panel === null) return null;
  // Only the room's language (settings.panel.locale / .languages, lib/i18n): no layout of its own.
  if (
    typeof panel === 'object' &&
    !Array.isArray(panel) &&
    Object.keys(panel).length > 0 &&
    Object.keys(panel).every((key) => key === 'locale' || key === 'languages' || key === '$schema')
  )
    return null;
  const { parseCustomLayout } = await import('./custom.ts');
  return parseCustomLayout(panel, types);
}
