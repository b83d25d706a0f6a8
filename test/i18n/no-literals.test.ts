import { describe, expect, it } from 'vitest';
import { checkLiterals, formatFinding } from '../../scripts/i18n/find-literals.ts';

/*
 * No word a person reads is written into the renderer, the kiosk's error screen or the host's
 * pages: every one comes from the catalogue (locales/en.ts and its translations). A finding names
 * its file:line; fix it with t('key'), or, where the words rightly stay (a product name, data),
 * `// i18n-ignore: reason` on the line or an entry in scripts/i18n/literal-allowlist.ts.
 * The same check alone: `npx tsx scripts/i18n/find-literals.ts`.
 */
describe('user-facing literals', () => {
  // Parsing ~190 files with the Svelte and TypeScript compilers: seconds on a loaded machine.
  const result = checkLiterals();

  it('scans the renderer, the kiosk and the host', () => {
    expect(result.files).toBeGreaterThan(150);
  });

  it('finds no user-facing literal outside the catalogue', () => {
    expect(result.findings.map(formatFinding), `${result.findings.length} user-facing literal(s)`).toEqual(
      [],
    );
  });

  it('keeps no stale allowlist entry', () => {
    expect(result.unusedAllowances).toEqual([]);
  });
});
