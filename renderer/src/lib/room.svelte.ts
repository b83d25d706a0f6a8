import { ErrorCode } from '#contract';
import type { ModuleState, PollSettings, RoomdeckApi, RoomOpening, SystemDetail, Types } from '#contract';
import type { Command } from './layout/model.ts';
import type { RoomPort } from '../controls/control.svelte.ts';
import { isLinkLoss, messageOf, toBridgeError } from './bridge.ts';
import type { Clock } from './clock.ts';
import type { ModuleInfo } from './layout/auto.ts';
import { layoutFrom } from './layout/build.ts';
import type { CustomLayoutResult } from './layout/custom.ts';
import type { BuiltLayout } from './layout/model.ts';
import { readCustomLayout } from './layout/read-custom.ts';
import { planFrom } from './panel/build-plan.ts';
import { failureSentence } from './panel/failure-words.ts';
import { callFor, type RoomHelp, roomHelpOf } from './panel/help-contact.ts';
import { linkWords } from './panel/link-words.ts';
import { checkOutcome } from './panel/outcome.ts';
import { type Address, type PanelPlan, type Step, watchedModules, type PageSpec } from './panel/plan.ts';
import { addressesOf, classNameOf } from './technician/addressing.ts';
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
  /** How often the module list (connection indicator) is refreshed (default: by activity). */
  modulesEveryMs?: number;
  /** The room as last loaded, kept so a panel that starts during an outage shows its controls. */
  memory?: RoomMemory;
  /** This room's opening already asked for at start-up, used by the first load instead of asking again. */
  opening?: Promise<RoomOpening> | null;
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
  /**
   * Names of counted modules that are not answering: not connected, stopped, or silent on the last
   * command sent to them (by this panel, or by the room logic as it reports).
   */
  down: string[];
  /** Counted devices whose state has not been read fresh (never, or not since the link faltered). */
  unread: string[];
}

/** "No answer": a timeout, or a device the service says is not responding / did not respond. */
const SILENT_CODES = new Set<ErrorCode>([ErrorCode.ROOMDECK_TIMEOUT, ErrorCode.ROOMDECK_EXEC_TIMEOUT]);
const SILENT_WORDS = /not responding|did not respond|did not answer|no reply|offline/i;

function silentError(error: unknown): boolean {
  const e = toBridgeError(error);
  return SILENT_CODES.has(e.code) || SILENT_WORDS.test(e.message);
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
  /** The module that takes help requests (`request_help(message)`, the room logic's), if any. */
  #helpDesk = $state.raw<Address | null>(null);
  /** The installation's configured support contact (managed configuration), once read. */
  #supportContact = $state<string | null>(null);
  /** The service says the room does not exist (removed, or the service was reset since it was chosen). */
  #gone = $state(false);
  #timer: unknown = null;
  #modulesDueAt = 0;
  #loadTimer: unknown = null;
  #loadFailures = 0;
  #loading = false;
  /** Showing the remembered room while the service cannot be reached. */
  #fromMemory = $state(false);
  #started = false;
  /** The page shown (null: the welcome screen, room off); what is polled follows it. */
  #page: PageSpec | null = null;
  /** When someone last touched the panel (null: not since it started). */
  #touchedAt: number | null = null;
  #quietTimer: unknown = null;
  #activity = $state<'idle' | 'active'>('idle');
  #stopVisibility: (() => void) | null = null;
  #disposed = false;
  #commandsInFlight = 0;
  /** The first load's answer when start-up already asked for it (taken once). */
  #opening: Promise<RoomOpening> | null;

  /** Devices that did not answer this panel's last command to them (`Class/index` → name). */
  #silent = $state.raw<ReadonlyMap<string, string>>(new Map());

  readonly connection: Connection = $derived(this.#connection());

  constructor(options: RoomOptions) {
    this.#o = options;
    this.#opening = options.opening ?? null;
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

  /** Who to call and the room's own help text (its settings first, else the installation's contact). */
  get roomHelp(): RoomHelp {
    const systemHelp = (this.#types.RoomLogic ?? 0) > 0 ? this.feed('RoomLogic', 1).state?.help : undefined;
    return roomHelpOf(this.#detail?.system.settings, this.#supportContact, systemHelp);
  }

  /** Where a help request from the panel goes: null when no module of the room takes one. */
  get helpDesk(): Address | null {
    return this.#helpDesk;
  }

  /** Records a help request with the room system, for the technician tools' "Needs attention". */
  async requestHelp(message: string): Promise<void> {
    const desk = this.#helpDesk;
    if (!desk) throw new Error('This room takes no help requests.');
    await this.exec(desk.module, desk.index, { method: 'request_help', args: [message] });
  }

  /** The installation's support contact, told by the panel once it has read it. */
  set supportContact(contact: string | null) {
    this.#supportContact = contact;
  }

  /**
   * A failure in one sentence in the room's words, naming the device (`target`: the device the
   * command was for), what to do, and who to call. Failures that are not the room's (signed out,
   * the link lost) keep their own words.
   */
  messageOf(error: unknown, target: Address | undefined = targetOf(error)): string {
    const bridgeError = toBridgeError(error);
    const bookings = this.#plan?.bookings;
    const booking =
      target !== undefined &&
      (target.module === 'Bookings' ||
        (bookings != null && bookings.module === target.module && bookings.index === target.index));
    const words = failureSentence(bridgeError, {
      device: target === undefined || target.module === 'RoomLogic' ? undefined : this.nameOf(target),
      booking,
      phone: this.roomHelp.phone,
    });
    return words ?? messageOf(error);
  }

  /** A device as the room calls it: "Display 1" (with its number only when the room has several). */
  nameOf(target: Address): string {
    const several = (this.#types[target.module] ?? 1) > 1;
    return friendly(several ? `${target.module} ${target.index}` : target.module);
  }

  /** Commands sent to the room's devices and not yet answered, from any control on any page. */
  get commandsInFlight(): number {
    return this.#commandsInFlight;
  }

  async exec(module: string, index: number, command: Command): Promise<unknown> {
    const target = { module, index };
    this.touched();
    this.feeds.pressed();
    this.#commandsInFlight += 1;
    try {
      const { result } = await this.#o.api.systems.exec({ id: this.id, ...target, ...command });
      this.#heard(target, true);
      return result;
    } catch (error) {
      // A room logic's own failure names its devices in its state; only a device's own silence here.
      if (silentError(error) && module !== 'RoomLogic') this.#heard(target, false);
      else this.#heard(target, true);
      throw error;
    } finally {
      this.#commandsInFlight -= 1;
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
      // One call: the record, the types, and every module's funcs and state (the home, the bar and
      // the pages come from them). The host fans out to the service; the page waits once.
      const opening = this.#opening;
      this.#opening = null;
      const { detail, types, modules } = await (opening ?? api.systems.open({ id: this.id }));
      const custom = await readCustomLayout(detail.system.settings?.panel, types);
      if (this.#disposed) return;
      this.#detail = detail;
      this.#types = types;
      this.#o.memory?.save(this.id, forgetSecrets({ detail, types, modules }));
      this.#fromMemory = false;
      this.#apply(custom, modules);
      this.#loadError = null;
      this.#gone = false;
      this.#loadFailures = 0;
    } catch (error) {
      if (this.#disposed) return;
      this.#loadError = isLinkLoss(error) ? linkWords(error) : messageOf(error);
      this.#gone = toBridgeError(error).code === ErrorCode.ROOMDECK_NOT_FOUND;
      // Started during an outage: show the room as last seen (stale) while trying to reach it.
      const remembered = this.#plan === null && isLinkLoss(error) ? this.#o.memory?.load(this.id) : null;
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
        for (const key of this.feeds.watched) {
          const [module, index] = key.split('/');
          this.feed(module!, Number(index)).markStale(true);
        }
      }
      this.#retryLoad();
    }
  }

  /** Builds the plan from the room's modules and starts live feedback on what it shows. */
  #apply(custom: CustomLayoutResult | null, modules: ModuleInfo[]): void {
    this.#initial = new Map(modules.map((m) => [`${m.module}/${m.index}`, m.state]));
    // Every module's state as loaded shows at once, whichever page is opened first; a real load
    // replaces what was remembered.
    for (const m of modules) {
      const feed = this.feed(m.module, m.index);
      if (feed.state === undefined || !this.#fromMemory) feed.receive(m.state);
    }
    const desk = modules.find((m) => Object.hasOwn(m.funcs, 'request_help'));
    this.#helpDesk = desk ? { module: desk.module, index: desk.index } : null;
    this.#layout = layoutFrom(custom, modules);
    this.#plan = planFrom(custom, withoutComputers(modules, this.#detail));
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
   * Idle: the room is off and nobody touched the panel for `idleAfterMs` (or since it started).
   * Then only the room's own state is asked for often, as the liveness probe; active (touched, or
   * the room on), the shown page and the room state poll at the fast rates.
   */
  get activity(): 'idle' | 'active' {
    return this.#activity;
  }

  /** When someone last touched the panel (epoch ms), or null when nobody has since it started. */
  get touchedAt(): number | null {
    return this.#touchedAt;
  }

  /** Someone touched the panel: it is active until it has been left alone for `idleAfterMs`. */
  touched(): void {
    this.#touchedAt = this.clock.now();
    if (this.#quietTimer !== null) this.clock.clearTimeout(this.#quietTimer);
    this.#quietTimer = this.clock.setTimeout(() => {
      this.#quietTimer = null;
      this.#retarget();
    }, this.#idleAfterMs);
    this.#retarget();
  }

  get #idleAfterMs(): number {
    return this.#o.poll.idleAfterMs ?? 120_000;
  }

  #activityNow(): 'idle' | 'active' {
    if (this.#page !== null) return 'active';
    const touchedAt = this.#touchedAt;
    return touchedAt !== null && this.clock.now() - touchedAt < this.#idleAfterMs ? 'active' : 'idle';
  }

  /** Activity changed: what is polled, and how often, changes with it. */
  #retarget(): void {
    if (this.#disposed || this.#activityNow() === this.#activity) return;
    this.show(this.#page);
  }

  /**
   * Polls what the screen shows and nothing else: the room's own state (power, sources, volume,
   * bookings) and the modules of `page` (null: the welcome screen). Pages not shown are not polled.
   */
  show(page: PageSpec | null): void {
    const plan = this.#plan;
    this.#page = page;
    if (plan === null) return;
    const activity = this.#activityNow();
    this.#activity = activity;
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
    const { probeMs = 2_500, rarelyMs = 60_000 } = this.#o.poll;
    const calendar = plan.bookings;
    const isCalendar = (t: Address) =>
      calendar !== null && t.module === calendar.module && t.index === calendar.index;
    const probe = wanted.find((t) => !isCalendar(t)) ?? wanted[0];
    for (const target of wanted) {
      // Idle: the room's power state is the liveness probe (a lost link shows within 5 s) and the
      // rest is asked for rarely, so an idle panel costs under half a request a second whatever the
      // room's size. Active: today's rates, but the calendar (the panel works out "now" from the
      // clock) every 30 s.
      let every: number | undefined;
      if (activity === 'idle') every = target === probe ? probeMs : rarelyMs;
      else if (isCalendar(target)) every = 30_000;
      this.feeds.watch(target, initial.get(`${target.module}/${target.index}`), every);
    }
    // Woken or in use: the module list (connection indicator) is brought forward from a longer wait.
    if (this.#started && this.clock.now() + this.#modulesEveryMs() < this.#modulesDueAt)
      this.#scheduleModules();
  }

  /** Runs steps in order; the first failure stops the sequence and is thrown. */
  async run(steps: readonly Step[]): Promise<void> {
    for (const step of steps) {
      try {
        checkOutcome(await this.exec(step.module, step.index, step.command));
      } catch (error) {
        // Which device the failing step was for, so its failure can be said naming it.
        if (typeof error === 'object' && error !== null && !Object.isFrozen(error))
          Object.assign(error, { target: { module: step.module, index: step.index } });
        throw error;
      }
    }
  }

  #heard(target: Address, answered: boolean): void {
    const key = `${target.module}/${target.index}`;
    if (answered === !this.#silent.has(key)) return;
    const next = new Map(this.#silent);
    if (answered) next.delete(key);
    else next.set(key, this.#nameOf(target));
    this.#silent = next;
  }

  #nameOf(target: Address): string {
    return (this.#types[target.module] ?? 1) > 1 ? `${target.module} ${target.index}` : target.module;
  }

  /**
   * Whether a device answers, from the freshest word there is: its module record (stopped, not
   * connected), the room logic's report of who did not answer its last command, and this panel's
   * own last command to it. `null`: answering; else why not, in the room's words.
   */
  silence(target: Address): { name: string; why: 'stopped' | 'not responding' } | null {
    const modules = this.#detail?.modules ?? [];
    let seen = 0;
    const record = modules.find((m) => classNameOf(m) === target.module && ++seen === target.index);
    if (record?.ignore_connected) return null;
    const name = this.#nameOf(target);
    if (record?.running === false) return { name, why: 'stopped' };
    if (record?.connected === false) return { name, why: 'not responding' };
    const key = `${target.module}/${target.index}`;
    if (this.#silent.has(key)) return { name, why: 'not responding' };
    for (const [logic, count] of Object.entries(this.#types)) {
      if (logic !== 'RoomLogic') continue;
      for (let i = 1; i <= count; i++) {
        const reported = this.feed(logic, i).state?.not_answering;
        if (!Array.isArray(reported)) continue;
        const hit = reported.some(
          (d: unknown) =>
            typeof d === 'object' &&
            d !== null &&
            (d as Address).module === target.module &&
            (d as Address).index === target.index,
        );
        if (hit) return { name, why: 'not responding' };
      }
    }
    return null;
  }

  /**
   * Why a module's controls cannot be trusted, in a room user's words, or null when it is fine:
   * stopped, not connected, or silent on its last command (see `silence`).
   */
  offline(target: Address): string | null {
    const silent = this.silence(target);
    if (silent === null) return null;
    const name = friendly(this.#nameOf(target));
    const call = callFor(this.roomHelp.phone);
    if (silent.why === 'stopped') return `${name} is switched off in the room system: ${call}.`;
    // Shown beside the control, in little room: the fault and who to call.
    return `${name} is not responding: ${call}.`;
  }

  #connection(): Connection {
    const detail = this.#detail;
    const counted = addressesOf(detail?.modules ?? []).filter(
      (_, i) => detail?.modules[i]?.ignore_connected !== true,
    );
    const label = (a: { id: string; module: string; index: number }) => {
      const record = detail?.modules.find((m) => m.id === a.id);
      return record?.custom_name || this.#nameOf(a);
    };
    const polled = new Set(this.feeds.watched);
    return {
      counted: counted.length,
      down: counted.filter((a) => this.silence(a) !== null).map(label),
      // Only what the panel reads: a device it has no reason to poll is judged by its record.
      unread: counted
        .filter((a) => {
          const key = `${a.module}/${a.index}`;
          const feed = this.feed(a.module, a.index);
          return polled.has(key) && (feed.state === undefined || feed.stale);
        })
        .map(label),
    };
  }

  /** The room's help: its settings first, else RoomLogic's (read even when nothing polls RoomLogic). */
  async help(): Promise<string | null> {
    // The room's own help (its settings, written by the people who run it) comes first.
    const own = this.roomHelp.text;
    if (own !== null) return own;
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
    if (this.#quietTimer !== null) this.clock.clearTimeout(this.#quietTimer);
    this.#quietTimer = null;
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
    if (this.#timer !== null) this.clock.clearTimeout(this.#timer);
    const every = this.#modulesEveryMs();
    this.#modulesDueAt = this.clock.now() + every;
    this.#timer = this.clock.setTimeout(async () => {
      this.#timer = null;
      if (!this.#o.visibility?.hidden) await this.#refreshModules();
      if (this.#timer === null) this.#scheduleModules();
    }, every);
  }

  /** Idle: the connection indicator can wait; touched, sooner; in use, devices matter now. */
  #modulesEveryMs(): number {
    if (this.#o.modulesEveryMs !== undefined) return this.#o.modulesEveryMs;
    if (this.#page !== null) return 10_000;
    return this.#activity === 'idle' ? (this.#o.poll.rarelyMs ?? 60_000) : 30_000;
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

/** The device a failed step was for (Room.run marks it). */
function targetOf(error: unknown): Address | undefined {
  const target =
    typeof error === 'object' && error !== null ? (error as { target?: unknown }).target : undefined;
  if (typeof target !== 'object' || target === null) return undefined;
  const { module, index } = target as { module?: unknown; index?: unknown };
  return typeof module === 'string' && typeof index === 'number' ? { module, index } : undefined;
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
  // Logic modules (role 3) are the room's own automation, whatever another vendor calls them.
  const logic = (name: string) => roles.get(name)?.has(3) === true;
  return modules.filter((m) => !ssh(m.module)).map((m) => (logic(m.module) ? { ...m, logic: true } : m));
}
