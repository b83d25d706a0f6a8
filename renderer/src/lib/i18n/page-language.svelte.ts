/*
 * The page's language as it changes while Roomdeck runs: the configuration (each boot's answer),
 * the room's own settings (when its detail arrives or changes), a visitor's choice on the welcome
 * screen (until the panel goes idle), and the technician's own choice while the tools are open.
 * locales/choose.ts decides between them; this module only holds them and makes the page follow.
 */
import type { AppConfig } from '#contract';
import { untrack } from 'svelte';
import {
  matchLanguage,
  NO_ROOM_LANGUAGE,
  offeredLanguages,
  pageLanguage,
  type RoomLanguage,
  roomLanguage,
  roomLanguageOf,
} from '#locales';
import { useLanguage } from './i18n.svelte.ts';

/**
 * Where this device keeps the technician's language. localStorage, on purpose: the choice belongs
 * to the device a technician works at (their laptop, or this wall panel), not to their account
 * nor to the room, it is no secret, and it must outlive a reload; the main process's settings
 * would need a bridge verb for a preference that harms nothing if lost.
 */
export const TECHNICIAN_LANGUAGE_KEY = 'roomdeck.technicianLanguage';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storageOf(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // A browser that refuses storage (a locked-down profile): the choice lasts until reload.
    return null;
  }
}

export class PageLanguage {
  #config = $state.raw<AppConfig['language'] | undefined>(undefined);
  #room = $state.raw<RoomLanguage>(NO_ROOM_LANGUAGE);
  #visitor = $state<string | null>(null);
  #technician = $state<string | null>(null);
  #toolsOpen = $state(0);
  readonly #browser: readonly string[];
  readonly #storage: Storage | null;

  constructor(options: { browser?: readonly string[]; storage?: Storage | null } = {}) {
    this.#browser = options.browser ?? globalThis.navigator?.languages ?? [];
    this.#storage = options.storage === undefined ? storageOf() : options.storage;
    try {
      this.#technician = matchLanguage(this.#storage?.getItem(TECHNICIAN_LANGUAGE_KEY));
    } catch {
      this.#technician = null;
    }
  }

  /** The language the page should speak now. */
  get wanted(): string {
    return pageLanguage({
      config: this.#config,
      room: this.#room,
      browser: this.#browser,
      visitor: this.#visitor,
      technician: this.#technician,
      toolsOpen: this.#toolsOpen > 0,
    });
  }

  /**
   * The tag to format dates, times and numbers in: the first preference (configured, the room's,
   * the OS's, the browser's) that names the wanted language ("en-GB" → 14:05), else the language.
   */
  get wantedTag(): string {
    const code = this.wanted;
    const preferences = [
      this.#config?.locale,
      this.#room.locale,
      ...(this.#config?.system ?? []),
      ...this.#browser,
    ];
    return preferences.find((tag) => typeof tag === 'string' && matchLanguage(tag) === code) ?? code;
  }

  /** The room's language: the one the panel returns to when idle. */
  get roomLanguage(): string {
    return roomLanguage(this.#config, this.#room, this.#browser);
  }

  /** The languages the welcome screen offers (two or more: a language button). */
  get offered(): string[] {
    return offeredLanguages(this.#config, this.#room);
  }

  get clock(): AppConfig['language']['clock'] {
    return this.#config?.clock ?? 'locale';
  }

  get technician(): string | null {
    return this.#technician;
  }

  configure(config: AppConfig['language'] | undefined): void {
    this.#config = config;
  }

  /** The room's settings (`settings.panel.locale`, `.languages`); null: no room shown. */
  setRoom(settings: unknown): void {
    const next = roomLanguageOf(settings);
    // Called from effects: comparing must not make them depend on what they write.
    const room = untrack(() => this.#room);
    const same = next.locale === room.locale && next.languages.join() === room.languages.join();
    if (!same) this.#room = next;
  }

  /** A visitor chose a language on the welcome screen: the panel speaks it at once. */
  choose(code: string): void {
    this.#visitor = matchLanguage(code);
  }

  /** The panel went idle: back to the room's language for the next person. */
  backToRoom(): void {
    this.#visitor = null;
  }

  /** The technician's own language on this device; null: as the panel. */
  chooseForTechnician(code: string | null): void {
    this.#technician = matchLanguage(code);
    try {
      if (this.#technician === null) this.#storage?.removeItem(TECHNICIAN_LANGUAGE_KEY);
      else this.#storage?.setItem(TECHNICIAN_LANGUAGE_KEY, this.#technician);
    } catch {
      // Storage full or refused: the choice holds until reload.
    }
  }

  /** The technician tools opened; the returned function closes them (counted: tools and drawer). */
  openTools(): () => void {
    // Called from a component's effect: counting must not make it depend on the count.
    untrack(() => (this.#toolsOpen += 1));
    let open = true;
    return () => {
      if (open) untrack(() => (this.#toolsOpen -= 1));
      open = false;
    };
  }

  /** Makes the page speak `wanted` from now on, with the configured 12/24-hour rule. */
  follow(): () => void {
    return $effect.root(() => {
      $effect(() => {
        void useLanguage(this.wantedTag, this.clock);
      });
    });
  }

  /**
   * Follows one panel: its room's settings as they arrive, and its idle phase (the screensaver)
   * bringing the room's language back. `idle` reads the panel's IdleWatch phase.
   */
  followPanel(panel: { settings: () => unknown; idle: () => string }): () => void {
    return $effect.root(() => {
      // undefined: the room's detail has not arrived yet (the boot's answer may already have said).
      $effect(() => {
        const settings = panel.settings();
        if (settings !== undefined) this.setRoom(settings);
      });
      $effect(() => {
        if (panel.idle() === 'screensaver') this.backToRoom();
      });
    });
  }
}

/** The page's one PageLanguage (main.ts starts it following; components read and set it). */
export const pageLanguageState = new PageLanguage();
