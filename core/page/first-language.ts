import type { AppConfig } from '../../contract/types.ts';
import { panelLanguage } from '../../locales/index.ts';

/**
 * The language a page will speak first, as the main process can tell before the page asks: the
 * configuration, the bound room's own settings as that room last opened (the start's warm-up opens
 * it before any page loads), and the browser's or the system's preferred languages. The same
 * choice the page makes from its boot's answer (locales/choose.ts); the page still makes it, so a
 * guess that turns out wrong (the room's settings changed since) costs one catalogue fetched for
 * nothing, never a word in the wrong language.
 */
export class FirstLanguage {
  readonly #appConfig: () => AppConfig;
  #room: { id: string; settings: unknown } | null = null;

  constructor(appConfig: () => AppConfig) {
    this.#appConfig = appConfig;
  }

  /** A room opened for the panel: its settings say the room's language (`settings.panel.locale`). */
  opened(systemId: string, settings: unknown): void {
    this.#room = { id: systemId, settings };
  }

  /** The code of the language the page will show first ("de"), given the browser's preferences. */
  guess(browser: readonly string[]): string {
    const config = this.#appConfig();
    const room = this.#room !== null && this.#room.id === config.systemId ? this.#room.settings : null;
    return panelLanguage(config.language, room, browser);
  }
}
