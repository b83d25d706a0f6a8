import type { ModuleState, RoomdeckApi, RoomOpening, SystemDetail, Types } from '#contract';
import { isLinkLoss, toBridgeError } from '../bridge/bridge.ts';
import { errorWords } from '../i18n/error-words.ts';
import { activeLocale } from '../i18n/i18n.svelte.ts';
import type { Clock } from '../time/clock.ts';
import { NOT_FOUND } from '../bridge/error-codes.ts';
import type { CustomLayoutResult } from '../layout/custom.ts';
import { readCustomLayout } from '../layout/read-custom.ts';
import type { ModuleInfo } from '../plan/auto-controls.ts';
import { planFrom } from '../plan/build-plan.ts';
import { linkWords } from '../words/link-words.ts';
import type { Address, PanelPlan } from '../plan/plan.ts';
import type { LiveFeeds } from '../live/poller.svelte.ts';
import { classNameOf } from '../modules/addressing.ts';
import { forgetSecrets, type RoomMemory } from './memory.ts';

export interface RecordOptions {
  api: RoomdeckApi;
  systemId: string;
  clock: Clock;
  feeds: LiveFeeds;
  memory?: RoomMemory | undefined;
  opening?: Promise<RoomOpening> | null | undefined;
  /** The plan is there (loaded, or remembered): show it, from the states read while loading. */
  onPlan(initial: Map<string, ModuleState>): void;
}

/**
 * The room's description: its record, types and panel plan, loaded once (or shown as remembered
 * while the service cannot be reached) and loaded again by itself until it is there.
 */
export class RoomRecord {
  readonly #o: RecordOptions;
  #detail = $state.raw<SystemDetail | null>(null);
  #types = $state.raw<Types>({});
  #plan = $state.raw<PanelPlan | null>(null);
  /** What #plan was built from and in which language (plain: a cache the `plan` getter keeps). */
  #planMade: {
    custom: CustomLayoutResult | null;
    modules: ModuleInfo[];
    plan: PanelPlan | null;
    locale: string;
    shown: { locale: string; plan: PanelPlan } | null;
  } | null = null;
  #loadError = $state<string | null>(null);
  /** The service says the room does not exist (removed, or the service was reset since it was chosen). */
  #gone = $state(false);
  /** Showing the remembered room while the service cannot be reached. */
  #fromMemory = $state(false);
  /** The module that takes help requests (`request_help(message)`, the room logic's), if any. */
  #helpDesk = $state.raw<Address | null>(null);
  #loadTimer: unknown = null;
  #loadFailures = 0;
  #loading = false;
  #disposed = false;
  /** The first load's answer when start-up already asked for it (taken once). */
  #opening: Promise<RoomOpening> | null;

  constructor(options: RecordOptions) {
    this.#o = options;
    this.#opening = options.opening ?? null;
  }

  get detail(): SystemDetail | null {
    return this.#detail;
  }
  get types(): Types {
    return this.#types;
  }
  get plan(): PanelPlan | null {
    // The automatic plan names pages and controls in the page's language: built again (once, then
    // kept) when the language changes, e.g. a visitor's choice, or back to the room's own when idle.
    const made = this.#planMade;
    if (made === null || made.plan !== this.#plan) return this.#plan;
    const locale = activeLocale();
    if (locale === made.locale) return this.#plan;
    if (made.shown?.locale !== locale) made.shown = { locale, plan: planFrom(made.custom, made.modules) };
    return made.shown.plan;
  }
  get loadError(): string | null {
    return this.#loadError;
  }
  get gone(): boolean {
    return this.#gone;
  }
  get fromMemory(): boolean {
    return this.#fromMemory;
  }
  get helpDesk(): Address | null {
    return this.#helpDesk;
  }

  /** Loads the room (once; a retry while loading waits). */
  async load(): Promise<void> {
    if (this.#loading || (this.#plan !== null && !this.#fromMemory)) return;
    this.#loading = true;
    try {
      await this.#load();
    } finally {
      this.#loading = false;
    }
  }

  /** The module records again (connected, running), for the connection indicator. */
  async refreshDetail(): Promise<void> {
    try {
      const detail = await this.#o.api.systems.get({ id: this.#o.systemId });
      if (!this.#disposed) this.#detail = detail;
    } catch {
      // The poller reports link loss; a missed refresh of the indicator needs no second banner.
    }
  }

  dispose(): void {
    this.#disposed = true;
    if (this.#loadTimer !== null) this.#o.clock.clearTimeout(this.#loadTimer);
    this.#loadTimer = null;
  }

  async #load(): Promise<void> {
    const { api, systemId: id, memory } = this.#o;
    try {
      // One call: the record, the types, and every module's funcs and state (the home, the bar and
      // the pages come from them). The host fans out to the service; the page waits once.
      const opening = this.#opening;
      this.#opening = null;
      const { detail, types, modules } = await (opening ?? api.systems.open({ id }));
      const custom = await readCustomLayout(detail.system.settings?.panel, types);
      if (this.#disposed) return;
      this.#detail = detail;
      this.#types = types;
      memory?.save(id, forgetSecrets({ detail, types, modules }));
      this.#fromMemory = false;
      this.#o.feeds.heard();
      this.#apply(custom, modules);
      this.#loadError = null;
      this.#gone = false;
      this.#loadFailures = 0;
    } catch (error) {
      if (this.#disposed) return;
      this.#loadError = isLinkLoss(error) ? linkWords(error) : errorWords(toBridgeError(error));
      this.#gone = toBridgeError(error).code === NOT_FOUND;
      // Started during an outage: show the room as last seen (stale) while trying to reach it.
      const remembered = this.#plan === null && isLinkLoss(error) ? memory?.load(id) : null;
      // The reader may not load either (the host is gone too): the automatic layout, then.
      const custom = remembered
        ? await readCustomLayout(remembered.detail.system.settings?.panel, remembered.types).catch(() => null)
        : null;
      if (this.#disposed) return;
      if (remembered) {
        this.#detail = remembered.detail;
        this.#types = remembered.types;
        this.#fromMemory = true;
        this.#apply(custom, remembered.modules);
        for (const key of this.#o.feeds.watched) {
          const [module, index] = key.split('/');
          this.#o.feeds.feed({ module: module!, index: Number(index) }).markStale(true);
        }
      }
      this.#retryLoad();
    }
  }

  /** Builds the plan from the room's modules and hands it on to be shown. */
  #apply(custom: CustomLayoutResult | null, modules: ModuleInfo[]): void {
    const initial = new Map(modules.map((m) => [`${m.module}/${m.index}`, m.state]));
    // Every module's state as loaded shows at once, whichever page is opened first; a real load
    // replaces what was remembered.
    for (const m of modules) {
      const feed = this.#o.feeds.feed({ module: m.module, index: m.index });
      if (feed.state === undefined || !this.#fromMemory) feed.receive(m.state);
    }
    const desk = modules.find((m) => Object.hasOwn(m.funcs, 'request_help'));
    this.#helpDesk = desk ? { module: desk.module, index: desk.index } : null;
    const planned = withoutComputers(modules, this.#detail);
    this.#plan = planFrom(custom, planned);
    this.#planMade = { custom, modules: planned, plan: this.#plan, locale: activeLocale(), shown: null };
    this.#o.onPlan(initial);
  }

  /**
   * A room that failed to load keeps trying by itself, without a reload or a tap: backing off with
   * jitter, but never more than 4 s apart, so it is live within seconds of the service returning.
   */
  #retryLoad(): void {
    const { clock } = this.#o;
    this.#loadFailures += 1;
    const base = Math.min(4_000, 500 * 2 ** (this.#loadFailures - 1));
    const delay = base / 2 + Math.random() * (base / 2);
    if (this.#loadTimer !== null) clock.clearTimeout(this.#loadTimer);
    this.#loadTimer = clock.setTimeout(() => {
      this.#loadTimer = null;
      if (!this.#disposed && (this.#plan === null || this.#fromMemory)) void this.load();
    }, delay);
  }
}

/**
 * A room's computers reached over SSH (role 0: lock screen, log off, reboot) are the technician
 * tools' business: the room panel's automatic pages leave them out, so nobody reboots the lectern PC
 * mid-meeting from the wall. A class is left out only when every module of it is such a computer.
 */
export function withoutComputers(modules: ModuleInfo[], detail: SystemDetail | null): ModuleInfo[] {
  const roles = new Map<string, Set<number>>();
  for (const m of detail?.modules ?? []) {
    const name = classNameOf(m);
    roles.set(name, (roles.get(name) ?? new Set()).add(m.role));
  }
  const ssh = (name: string) => {
    const seen = roles.get(name);
    return seen !== undefined && seen.size === 1 && seen.has(0);
  };
  // Logic modules (role 3) are the room's own automation, whatever another vendor calls them.
  const logic = (name: string) => roles.get(name)?.has(3) === true;
  return modules.filter((m) => !ssh(m.module)).map((m) => (logic(m.module) ? { ...m, logic: true } : m));
}
