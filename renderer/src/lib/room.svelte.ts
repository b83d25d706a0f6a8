import type { ModuleState, PollSettings, RoomdeckApi, SystemDetail, Types } from '#contract';
import type { Command } from './layout/model.ts';
import type { RoomPort } from '../controls/control.svelte.ts';
import { isLinkLoss, messageOf } from './bridge.ts';
import type { Clock } from './clock.ts';
import type { ModuleInfo } from './layout/auto.ts';
import { buildLayout, instancesOf, needsModuleDetails } from './layout/build.ts';
import { type BuiltLayout, boundModules } from './layout/model.ts';
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
  #loadError = $state<string | null>(null);
  #timer: unknown = null;
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
      messageOf,
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
  get loadError(): string | null {
    return this.#loadError;
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

  /** Loads the room, builds its layout and starts live feedback. */
  async load(): Promise<void> {
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
      const modules = needsModuleDetails(panel, types) ? await this.#moduleDetails(types) : [];
      if (this.#disposed) return;
      const layout = buildLayout(panel, types, modules);
      const initial = new Map(modules.map((m) => [`${m.module}/${m.index}`, m.state]));
      for (const target of boundModules(layout)) {
        this.feeds.watch(target, initial.get(`${target.module}/${target.index}`));
      }
      this.#layout = layout;
      this.#start();
    } catch (error) {
      if (!this.#disposed) this.#loadError = messageOf(error);
    }
  }

  /** Help text lives in RoomLogic's state; read it even when no control polls that module. */
  async help(): Promise<string | null> {
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
    this.#timer = this.clock.setTimeout(async () => {
      if (!this.#o.visibility?.hidden) await this.#refreshModules();
      this.#scheduleModules();
    }, this.#o.modulesEveryMs ?? 10_000);
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
