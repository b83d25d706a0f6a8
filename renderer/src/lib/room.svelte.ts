import type { ModuleState, PollSettings, RoomdeckApi, SystemDetail, Types } from '#contract';
import type { Command } from './layout/model.ts';
import type { RoomPort } from '../controls/control.svelte.ts';
import { isLinkLoss, messageOf, toBridgeError } from './bridge.ts';
import type { Clock } from './clock.ts';
import type { ModuleInfo } from './layout/auto.ts';
import { buildLayout, instancesOf } from './layout/build.ts';
import type { BuiltLayout } from './layout/model.ts';
import { buildPlan } from './panel/build-plan.ts';
import { linkWords } from './panel/link-words.ts';
import { checkOutcome } from './panel/outcome.ts';
import { type Address, type PanelPlan, type Step, watchedModules, type PageSpec } from './panel/plan.ts';
import { classNameOf } from './technician/addressing.ts';
import { LiveFeeds, type ModuleFeed } from './poller.svelte.ts';

/** Page visibility, injected so tests can hide the page. */
export interface Visibility {
  readonly hidden: boolean;
  onChange(listener: () => void): () => void;
}

export interface RoomOptions {
  api: RoomdeckApi;
  systemId: string;
  poll: PollSettings;
  clock: Clock;
  visibility?: Visibility;
  /** How often the module list (connection indicator) is refreshed. */
  modulesEveryMs?: number;
  /** The room as last loaded, kept so a panel that starts during an outage shows its controls. */
  memory?: RoomMemory;
}

/** What a panel remembers of its room between starts: no secrets (settings are dropped). */
export interface RememberedRoom {
  detail: SystemDetail;
  types: Types;
  modules: ModuleInfo[];
}

export interface RoomMemory {
  load(systemId: string): RememberedRoom | null;
  save(systemId: string, room: RememberedRoom): void;
}

/** Keeps the room in the page's local storage (on disk, per origin). A damaged entry is ignored. */
export function storageMemory(storage: Storage | undefined): RoomMemory {
  const key = (id: string) => `roomdeck.room.${id}`;
  return {
    load(systemId) {
      try {
        const raw = storage?.getItem(key(systemId));
        const value = raw ? (JSON.parse(raw) as RememberedRoom) : null;
        return value &&
          typeof value === 'object' &&
          value.detail &&
          value.types &&
          Array.isArray(value.modules)
          ? value
          : null;
      } catch {
        return null;
      }
    },
    save(systemId, room) {
      try {
        storage?.setItem(key(systemId), JSON.stringify(room));
      } catch {
        // Storage full or refused: the panel simply remembers nothing.
      }
    },
  };
}

/** Only what the panel needs: module settings (device credentials live there) and most system settings go. */
function forgetSecrets(room: RememberedRoom): RememberedRoom {
  const settings = room.detail.system.settings ?? {};
  const kept = Object.fromEntries(Object.entries(settings).filter(([k]) => k === 'panel' || k === 'help'));
  return {
    detail: {
      ...room.detail,
      system: { ...room.detail.system, settings: kept },
      modules: room.detail.modules.map(({ settings: _settings, ...m }) => m) as SystemDetail['modules'],
    },
    types: room.types,
    modules: room.modules,
  };
}

export interface Connection {
  /** Modules that count towards the room's health (not `ignore_connected`). */
  counted: number;
  /** Names of counted modules that are not connected. */
  down: string[];
}

/**
 * Everything the panel knows about one room: its record, layout and live state. One per bound
 * system, handed to the controls through context, so nothing leaks between rooms.
 */
export class Room implements RoomPort {
  readonly id: string;
  readonly feeds: LiveFeeds;
  readonly clock: Clock;
  readonly confirmTimeoutMs: number;
  readonly #o: RoomOptions;
  #detail = $state.raw<SystemDetail | null>(null);
  #types = $state.raw<Types>({});
  #layout = $state.raw<BuiltLayout | null>(null);
  #plan = $state.raw<PanelPlan | null>(null);
  #initial = new Map<string, ModuleState>();
  #loadError = $state<string | null>(null);
  /** The service says the room does not exist (removed, or the service was reset since it was chosen). */
  #gone = $state(false);
  #timer: unknown = null;
  #loadTimer: unknown = null;
  #loadFailures = 0;
  #loading = false;
  /** Showing the remembered room while the service cannot be reached. */
  #fromMemory = $state(false);
  #started = false;
  /** A page is shown (room in use): the module list is refreshed more often then. */
  #pageShown = false;
  #stopVisibility: (() => void) | null = null;
  #disposed = false;

  readonly connection: Connection = $derived(connectionOf(this.#detail));

  constructor(options: RoomOptions) {
    this.#o = options;
    this.id = options.systemId;
    this.clock = options.clock;
    // Long enough for a device that answers exec at once but reports the change a poll later.
    this.confirmTimeoutMs = Math.max(5_000, options.poll.fastForMs);
    this.feeds = new LiveFeeds({
      fetchState: (t) => options.api.systems.state({ id: this.id, module: t.module, index: t.index }),
      settings: options.poll,
      clock: options.clock,
      isLinkLoss,
      messageOf: (error) => (isLinkLoss(error) ? linkWords(error) : messageOf(error)),
      retryAfterMs: (error) => {
        const asked = toBridgeError(error).details?.retryAfterMs;
        return typeof asked === 'number' ? asked : undefined;
      },
    });
  }

  get detail(): SystemDetail | null {
    return this.#detail;
  }
  get types(): Types {
    return this.#types;
  }
  get layout(): BuiltLayout | null {
    return this.#layout;
  }
  /** The panel: home, power, program volume and pages. */
  get plan(): PanelPlan | null {
    return this.#plan;
  }
  get loadError(): string | null {
    return this.#loadError;
  }
  /** The room is not on the control service (any more): choosing another is the way on. */
  get gone(): boolean {
    return this.#gone;
  }

  feed(module: string, index: number): ModuleFeed {
    return this.feeds.feed({ module, index });
  }

  messageOf(error: unknown): string {
    return messageOf(error);
  }

  async exec(module: string, index: number, command: Command): Promise<unknown> {
    const target = { module, index };
    this.feeds.pressed();
    try {
      const { result } = await this.#o.api.systems.exec({ id: this.id, ...target, ...command });
      return result;
    } finally {
      // Even a failed command may have changed something: show the device's truth at once.
      if (this.feeds.isWatched(target)) this.feeds.refresh(target);
    }
  }

  /** The controls shown are the room as last loaded: the service has not answered yet. */
  get connecting(): boolean {
    return this.#fromMemory;
  }

  /** Loads the room, builds its layout and starts live feedback (once; a retry while loading waits). */
  async load(): Promise<void> {
    if (this.#loading || (this.#plan !== null && !this.#fromMemory)) return;
    this.#loading = true;
    try {
      await this.#load();
    } finally {
      this.#loading = false;
    }
  }

  async #load(): Promise<void> {
    const { api } = this.#o;
    try {
      const [detail, types] = await Promise.all([
        api.systems.get({ id: this.id }),
        api.systems.types({ id: this.id }),
      ]);
      if (this.#disposed) return;
      this.#detail = detail;
      this.#types = types;
      const panel = detail.system.settings?.panel;
      // Funcs and state of every module: the home (sources), the bar and the pages come from them.
      const modules = await this.#moduleDetails(types);
      if (this.#disposed) return;
      this.#o.memory?.save(this.id, forgetSecrets({ detail, types, modules }));
      this.#fromMemory = false;
      this.#apply(panel, types, modules);
      this.#loadError = null;
      this.#gone = false;
      this.#loadFailures = 0;
    } catch (error) {
      if (this.#disposed) return;
      this.#loadError = isLinkLoss(error) ? linkWords(error) : messageOf(error);
      this.#gone = toBridgeError(error).code === 'ROOMDECK_NOT_FOUND';
      // Started during an outage: show the room as last seen (stale) while trying to reach it.
      const remembered = this.#plan === null && isLinkLoss(error) ? this.#o.memory?.load(this.id) : null;
      if (remembered) {
        this.#detail = remembered.detail;
        this.#types = remembered.types;
        this.#fromMemory = true;
        this.#apply(remembered.detail.system.settings?.panel, remembered.types, remembered.modules);
        for (const key of this.feeds.watched) {
          const [module, index] = key.split('/');
          this.feed(module!, Number(index)).markStale(true);
        }
      }
      this.#retryLoad();
    }
  }

  /** Builds the plan from the room's modules and starts live feedback on what it shows. */
  #apply(panel: unknown, types: Types, modules: ModuleInfo[]): void {
    this.#initial = new Map(modules.map((m) => [`${m.module}/${m.index}`, m.state]));
    // Every module's state as loaded shows at once, whichever page is opened first; a real load
    // replaces what was remembered.
    for (const m of modules) {
      const feed = this.feed(m.module, m.index);
      if (feed.state === undefined || !this.#fromMemory) feed.receive(m.state);
    }
    this.#layout = buildLayout(panel, types, modules);
    this.#plan = buildPlan(panel, types, withoutComputers(modules, this.#detail));
    this.show(null);
    this.#start();
  }

  /**
   * A room that failed to load keeps trying by itself, without a reload or a tap: backing off with
   * jitter, but never more than 4 s apart, so it is live within seconds of the service returning.
   */
  #retryLoad(): void {
    this.#loadFailures += 1;
    const base = Math.min(4_000, 500 * 2 ** (this.#loadFailures - 1));
    const delay = base / 2 + Math.random() * (base / 2);
    if (this.#loadTimer !== null) this.clock.clearTimeout(this.#loadTimer);
    this.#loadTimer = this.clock.setTimeout(() => {
      this.#loadTimer = null;
      if (!this.#disposed && (this.#plan === null || this.#fromMemory)) void this.load();
    }, delay);
  }

  /**
   * Polls what the screen shows and nothing else: the room's own state (power, sources, volume,
   * bookings) and the modules of `page` (null: the welcome screen).
   */
  show(page: PageSpec | null): void {
    const plan = this.#plan;
    if (plan === null) return;
    const wanted = watchedModules(plan, page);
    const keys = new Set(wanted.map((a) => `${a.module}/${a.index}`));
    for (const key of this.feeds.watched) {
      if (!keys.has(key)) {
        const [module, index] = key.split('/');
        this.feeds.unwatch({ module: module!, index: Number(index) });
      }
    }
    // The snapshot read while loading counts as fresh only once; a page opened later polls at once.
    const initial = this.#initial;
    this.#initial = new Map();
    this.#pageShown = page !== null;
    const calendar = plan.bookings;
    for (const target of wanted) {
      // The calendar changes rarely and the panel works out "now" from the clock: ask every 30 s.
      // Room off (welcome), the room's own state is only the liveness probe: every 2.5 s keeps an
      // idle panel under half a request a second and still shows a lost link within 5 s.
      const rarely =
        calendar !== null && target.module === calendar.module && target.index === calendar.index;
      const every = rarely ? 30_000 : page === null ? Math.max(this.#o.poll.idleMs, 2_500) : undefined;
      this.feeds.watch(target, initial.get(`${target.module}/${target.index}`), every);
    }
  }

  /** Runs steps in order; the first failure stops the sequence and is thrown. */
  async run(steps: readonly Step[]): Promise<void> {
    for (const step of steps) checkOutcome(await this.exec(step.module, step.index, step.command));
  }

  /**
   * Why a module's controls cannot be trusted, in a room user's words, or null when it is fine:
   * from the module records the panel refreshes (connected / running).
   */
  offline(target: Address): string | null {
    const modules = this.#detail?.modules ?? [];
    let seen = 0;
    const record = modules.find((m) => classNameOf(m) === target.module && ++seen === target.index);
    if (!record || record.ignore_connected) return null;
    const what = (this.#types[target.module] ?? 1) > 1 ? `${target.module} ${target.index}` : target.module;
    const name = friendly(what);
    if (record.running === false) return `${name} is switched off at the system. Call AV support.`;
    if (record.connected === false)
      return `${name} is not responding. Check it is plugged in, or call AV support.`;
    return null;
  }

  /** The room's help: its settings first, else RoomLogic's (read even when nothing polls RoomLogic). */
  async help(): Promise<string | null> {
    // The room's own help (its settings, written by the people who run it) comes first.
    const own = this.#detail?.system.settings?.help;
    if (typeof own === 'string' && own.trim() !== '') return own;
    if ((this.#types.RoomLogic ?? 0) === 0) return null;
    const live = this.feed('RoomLogic', 1).state?.help;
    if (typeof live === 'string') return live;
    const help = await this.#o.api.systems.state({
      id: this.id,
      module: 'RoomLogic',
      index: 1,
      lookup: 'help',
    });
    // With `lookup` the service answers the bare value; older bridges wrap it in an object.
    const value: unknown = typeof help === 'object' && help !== null && 'help' in help ? help.help : help;
    return typeof value === 'string' ? value : null;
  }

  dispose(): void {
    this.#disposed = true;
    this.feeds.stop();
    this.#stopVisibility?.();
    if (this.#timer !== null) this.clock.clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#loadTimer !== null) this.clock.clearTimeout(this.#loadTimer);
    this.#loadTimer = null;
  }

  async #moduleDetails(types: Types): Promise<ModuleInfo[]> {
    const { api } = this.#o;
    return Promise.all(
      instancesOf(types).map(async (m) => {
        const ref = { id: this.id, module: m.module, index: m.index };
        const [funcs, state] = await Promise.all([
          api.systems.funcs(ref),
          api.systems.state(ref).catch((): ModuleState => ({})),
        ]);
        return { ...m, funcs, state };
      }),
    );
  }

  #start(): void {
    if (this.#started) return;
    this.#started = true;
    const visibility = this.#o.visibility;
    if (visibility) {
      this.feeds.setHidden(visibility.hidden);
      this.#stopVisibility = visibility.onChange(() => {
        this.feeds.setHidden(visibility.hidden);
        if (!visibility.hidden) void this.#refreshModules();
      });
    }
    this.feeds.start();
    this.#scheduleModules();
  }

  #scheduleModules(): void {
    if (this.#disposed) return;
    this.#timer = this.clock.setTimeout(
      async () => {
        if (!this.#o.visibility?.hidden) await this.#refreshModules();
        this.#scheduleModules();
        // Room off and untouched: the connection indicator can wait; in use, devices matter now.
      },
      this.#o.modulesEveryMs ?? (this.#pageShown ? 10_000 : 30_000),
    );
  }

  async #refreshModules(): Promise<void> {
    try {
      const detail = await this.#o.api.systems.get({ id: this.id });
      if (!this.#disposed) this.#detail = detail;
    } catch {
      // The poller reports link loss; a missed refresh of the indicator needs no second banner.
    }
  }
}

/** Module classes as a person in the room calls them. */
function friendly(what: string): string {
  const words: Record<string, string> = {
    Mixer: 'The sound system',
    Lighting: 'The lighting',
    Switcher: 'The video switcher',
    RoomLogic: 'The room controller',
    Bookings: 'The room calendar',
  };
  const [name = what, n] = what.split(' ');
  const base = words[name] ?? `The ${name.toLowerCase()}`;
  return n === undefined ? base : `${base} ${n}`;
}

function connectionOf(detail: SystemDetail | null): Connection {
  const counted = (detail?.modules ?? []).filter((m) => m.ignore_connected !== true);
  return {
    counted: counted.length,
    down: counted.filter((m) => !m.connected).map((m) => m.custom_name || m.name || m.id),
  };
}

export const documentVisibility = (doc: Document): Visibility => ({
  get hidden() {
    return doc.hidden;
  },
  onChange(listener) {
    doc.addEventListener('visibilitychange', listener);
    return () => doc.removeEventListener('visibilitychange', listener);
  },
});

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
  return modules.filter((m) => !ssh(m.module));
}
