import type { ModuleState, PollSettings, RoomdeckApi, RoomOpening, SystemDetail, Types } from '#contract';
import type { RoomPort } from '../control/control-state.svelte.ts';
import { isLinkLoss, toBridgeError } from '../bridge/bridge.ts';
import type { Clock } from '../time/clock.ts';
import { errorWords } from '../i18n/error-words.ts';
import { t } from '../i18n/i18n.svelte.ts';
import type { Command } from '../layout/model.ts';
import { failureSentence } from '../words/failure-words.ts';
import { callFor, type RoomHelp } from '../words/help-contact.ts';
import { linkWords } from '../words/link-words.ts';
import type { Address, PageSpec, PanelPlan, Step } from '../plan/plan.ts';
import { LiveFeeds, type ModuleFeed } from '../live/poller.svelte.ts';
import { RoomCommands } from './commands.ts';
import { type Connection, DeviceHealth, type Silence } from './health.svelte.ts';
import { RoomHelpDesk } from './help.svelte.ts';
import { type PanelLive, RoomLive } from './live.ts';
import type { RoomMemory } from './memory.ts';
import { deviceName, friendly, targetOf, withinReachOf } from './names.ts';
import { RoomPolling } from './polling.svelte.ts';
import { RoomRecord } from './record.svelte.ts';
import { classNameOf } from '../modules/addressing.ts';
import type { Visibility } from './visibility.ts';

/*
 * One room, as the panel sees it. The jobs live in lib/room/: the description loaded (record), what
 * is polled and how often (polling), whether the devices answer (health), the commands sent
 * (commands), and who to call (help). This class joins them behind the one surface the panel's
 * components and controls use.
 */

export type { Connection } from './health.svelte.ts';
export type { PanelLive } from './live.ts';
export { type RememberedRoom, type RoomMemory, storageMemory } from './memory.ts';
export { withoutComputers } from './record.svelte.ts';
export { documentVisibility, type Visibility } from './visibility.ts';

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
  /**
   * The live channel: what the shown page needs is watched there, and pushed values
   * replace polling while the channel pushes. Absent: the room is polled, as before.
   */
  live?: PanelLive | null | undefined;
}

/**
 * Everything the panel knows about one room: its record, plan and live state. One per bound
 * system, handed to the controls through context, so nothing leaks between rooms.
 */
export class Room implements RoomPort {
  readonly id: string;
  readonly feeds: LiveFeeds;
  readonly clock: Clock;
  readonly confirmTimeoutMs: number;
  readonly #record: RoomRecord;
  readonly #polling: RoomPolling;
  readonly #health: DeviceHealth;
  readonly #commands: RoomCommands;
  readonly #help: RoomHelpDesk;
  readonly #live: RoomLive | null;
  /** The last pushed `connected` of each module (see #connectedChanged). */
  readonly #connected = new Map<string, boolean>();

  constructor(options: RoomOptions) {
    const { api, poll, clock } = options;
    this.id = options.systemId;
    this.clock = clock;
    // Long enough for a device that answers exec at once but reports the change a poll later.
    this.confirmTimeoutMs = Math.max(5_000, poll.fastForMs);
    this.feeds = new LiveFeeds({
      // Shown as last remembered while loading fails: nothing of it is live.
      unreachable: () => this.#record.fromMemory,
      fetchState: (t) => api.systems.state({ id: this.id, module: t.module, index: t.index }),
      settings: poll,
      clock,
      isLinkLoss,
      messageOf: (error) => (isLinkLoss(error) ? linkWords(error) : errorWords(toBridgeError(error))),
      retryAfterMs: (error) => {
        const asked = toBridgeError(error).details?.retryAfterMs;
        return typeof asked === 'number' ? asked : undefined;
      },
    });
    const feeds = this.feeds;
    const detail = () => this.#record.detail;
    const types = () => this.#record.types;
    const feed = (module: string, index: number) => this.feed(module, index);
    this.#record = new RoomRecord({
      api,
      systemId: this.id,
      clock,
      feeds,
      memory: options.memory,
      opening: options.opening,
      onPlan: (initial) => this.#polling.begin(initial),
    });
    const live = options.live;
    this.#live = live
      ? new RoomLive({
          api,
          systemId: this.id,
          live,
          feeds,
          onMode: (mode) => this.#polling.modeChanged(mode === 'push'),
          onState: (target, state) => this.#connectedChanged(target, state),
        })
      : null;
    this.#polling = new RoomPolling({
      feeds,
      clock,
      poll,
      visibility: options.visibility,
      modulesEveryMs: options.modulesEveryMs,
      plan: () => this.#record.plan,
      refreshModules: () => this.#record.refreshDetail(),
      ...(this.#live
        ? { watchLive: (targets: readonly Address[], active: boolean) => this.#live?.watch(targets, active) }
        : {}),
    });
    this.#health = new DeviceHealth({ detail, types, feed, watched: () => feeds.watched });
    this.#commands = new RoomCommands({
      api,
      systemId: this.id,
      feeds,
      health: this.#health,
      touched: () => this.touched(),
      offline: () => this.unreachable,
      offlineWords: () => this.offlineWords(),
    });
    // The service answers again: what its silence made the panel say about devices is not true.
    this.feeds.onRecovered(() => this.#health.forgetLinkSilence());
    this.#help = new RoomHelpDesk({
      api,
      systemId: this.id,
      detail,
      types,
      feed,
      helpDesk: () => this.#record.helpDesk,
      exec: (module, index, command) => this.exec(module, index, command),
    });
  }

  get detail(): SystemDetail | null {
    return this.#record.detail;
  }
  get types(): Types {
    return this.#record.types;
  }
  /** The panel: home, power, program volume and pages. */
  get plan(): PanelPlan | null {
    return this.#record.plan;
  }
  get loadError(): string | null {
    return this.#record.loadError;
  }
  /** The room is not on the control service (any more): choosing another is the way on. */
  get gone(): boolean {
    return this.#record.gone;
  }
  /** The controls shown are the room as last loaded: the service has not answered yet. */
  get connecting(): boolean {
    return this.#record.fromMemory;
  }

  /**
   * The service cannot be reached now (a read hung or failed for the link's sake, or the room is
   * shown as remembered): nothing on the panel can be confirmed, and no command is sent.
   */
  get unreachable(): boolean {
    return this.feeds.linkLost !== null || this.#record.fromMemory;
  }

  /** When the service last answered with a device's state (clock ms), for "as of 7:51". */
  get heardAt(): number | null {
    return this.feeds.heardAt;
  }

  /** Called each time the service answers again after it could not be reached. */
  /** The service answered with a module's state, polled or pushed. */
  onHeard(listener: () => void): () => void {
    return this.feeds.onHeard(listener);
  }

  onRecovered(listener: () => void): () => void {
    return this.feeds.onRecovered(listener);
  }

  /** A press or request the panel could not send or get answered because the service is out of reach. */
  offlineWords(): string {
    return t('room.offline.notDone', { call: callFor(this.roomHelp.phone) });
  }

  /** Loads the room, builds its plan and starts live feedback (once; a retry while loading waits). */
  load(): Promise<void> {
    return this.#record.load();
  }

  feed(module: string, index: number): ModuleFeed {
    return this.feeds.feed({ module, index });
  }

  /** The module records again (connected, running), sooner than the polling would. */
  rereadModules(): Promise<void> {
    return this.#record.refreshDetail();
  }

  /** Who to call and the room's own help text (its settings first, else the installation's contact). */
  get roomHelp(): RoomHelp {
    return this.#help.roomHelp;
  }
  /** Where a help request from the panel goes: null when no module of the room takes one. */
  get helpDesk(): Address | null {
    return this.#record.helpDesk;
  }
  /** Records a help request with the room system, for the technician tools' "Needs attention". */
  requestHelp(message: string): Promise<void> {
    return this.#help.request(message);
  }
  /** The installation's support contact, told by the panel once it has read it. */
  set supportContact(contact: string | null) {
    this.#help.supportContact = contact;
  }
  /** The room's help: its settings first, else RoomLogic's (read even when nothing polls RoomLogic). */
  help(): Promise<string | null> {
    return this.#help.text();
  }

  /**
   * A failure in one sentence in the room's words, naming the device (`target`: the device the
   * command was for), what to do, and who to call. Failures that are not the room's (signed out,
   * the link lost) keep their own words.
   */
  messageOf(error: unknown, target: Address | undefined = targetOf(error)): string {
    // The service out of reach is not the device's failure: one sentence, the same for every press.
    if (isLinkLoss(error)) return this.offlineWords();
    const bookings = this.plan?.bookings;
    const booking =
      target !== undefined &&
      (target.module === 'Bookings' ||
        (bookings != null && bookings.module === target.module && bookings.index === target.index));
    const words = failureSentence(toBridgeError(error), {
      device: target === undefined || target.module === 'RoomLogic' ? undefined : this.nameOf(target),
      booking,
      phone: this.roomHelp.phone,
      withinReach: (device) => this.withinReach(device),
    });
    return words ?? errorWords(toBridgeError(error));
  }

  /** Whether a person in the room can check the named device themselves (see withinReachOf). */
  withinReach(device: string): boolean {
    return withinReachOf(this.types, device);
  }

  /** A device as the room calls it: "Display 1" (with its number only when the room has several). */
  nameOf(target: Address): string {
    return friendly(deviceName(this.types, target));
  }

  /** Commands sent to the room's devices and not yet answered, from any control on any page. */
  get commandsInFlight(): number {
    return this.#commands.inFlight;
  }
  exec(module: string, index: number, command: Command): Promise<unknown> {
    return this.#commands.exec(module, index, command);
  }
  /** Runs steps in order; the first failure stops the sequence and is thrown. */
  run(steps: readonly Step[]): Promise<void> {
    return this.#commands.run(steps);
  }

  /**
   * Idle: the room is off and nobody touched the panel for `idleAfterMs` (or since it started).
   * Then only the room's own state is asked for often, as the liveness probe; active (touched, or
   * the room on), the shown page and the room state poll at the fast rates.
   */
  get activity(): 'idle' | 'active' {
    return this.#polling.activity;
  }
  /** When someone last touched the panel (epoch ms), or null when nobody has since it started. */
  get touchedAt(): number | null {
    return this.#polling.touchedAt;
  }
  /** Someone touched the panel: it is active until it has been left alone for `idleAfterMs`. */
  touched(): void {
    this.#polling.touched();
  }
  /**
   * Polls what the screen shows and nothing else: the room's own state (power, sources, volume,
   * bookings) and the modules of `page` (null: the welcome screen). Pages not shown are not polled.
   */
  show(page: PageSpec | null): void {
    this.#polling.show(page);
  }

  /** The connection indicator: devices counted, down, and not read fresh. */
  get connection(): Connection {
    return this.#health.connection;
  }
  /** Whether a device answers (see DeviceHealth.silence); `null`: answering. */
  silence(target: Address): Silence | null {
    return this.#health.silence(target);
  }

  /**
   * Why a module's controls cannot be trusted, in a room user's words, or null when it is fine:
   * stopped, not connected, or silent on its last command (see `silence`).
   */
  offline(target: Address): string | null {
    const silent = this.silence(target);
    if (silent === null) return null;
    const name = this.nameOf(target);
    const call = callFor(this.roomHelp.phone);
    if (silent.why === 'stopped') return t('room.failure.switchedOff', { count: 1, devices: name, call });
    // Shown beside the control, in little room: the fault and who to call.
    return t('room.offline.notResponding', { device: name, call });
  }

  /**
   * A pushed state's `connected` changed and disagrees with the module list: the list is read again
   * now (under push it is otherwise read rarely), so the connection indicator tells the truth. Once
   * per change, so a driver whose state and record disagree for good costs nothing more.
   */
  #connectedChanged(target: Address, state: ModuleState): void {
    const connected = state.connected;
    if (typeof connected !== 'boolean') return;
    const key = `${target.module}/${target.index}`;
    if (this.#connected.get(key) === connected) return;
    this.#connected.set(key, connected);
    let seen = 0;
    const record = this.detail?.modules.find(
      (m) => classNameOf(m) === target.module && ++seen === target.index,
    );
    if (record !== undefined && record.connected !== connected) void this.#record.refreshDetail();
  }

  dispose(): void {
    this.#live?.close();
    this.feeds.stop();
    this.#polling.dispose();
    this.#record.dispose();
  }
}
