import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { MessageKey } from './en.ts';

/**
 * A catalogue as a Translator takes it: each message as ICU text (en.ts…), or already parsed to
 * its AST (the page's catalogues, compiled when the renderer is built: scripts/compiled-catalogues.ts).
 */
export type Messages = { readonly [K in MessageKey]: string | MessageFormatElement[] };
