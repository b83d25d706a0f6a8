import { useLanguage } from '../../renderer/src/lib/i18n/i18n.svelte.ts';

/** How long a test file's setup may wait for its language before the file fails instead. */
const LANGUAGE_WAIT_MS = 10_000;

/**
 * The page's language for a test file: English, as a panel with no other. A setup file has no
 * timeout of its own, and the files of a project share one module graph per worker, so a load left
 * pending by an earlier file would hang the whole run silently; here it fails the file, saying why.
 */
export async function speakEnglish(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      useLanguage('en'),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the test setup's language did not load within ${LANGUAGE_WAIT_MS} ms`)),
          LANGUAGE_WAIT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
