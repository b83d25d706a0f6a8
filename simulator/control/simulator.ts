import { type AuthSnapshot, AuthService, demoAccounts } from '../auth/index.ts';
import { Devices } from './devices.ts';
import { SearchableList } from './lists.ts';
import { Modules } from './modules.ts';
import { Systems } from './systems.ts';
import { demoBuilding } from '../fixtures/demo-building.ts';
import { addGeneratedSystems } from '../fixtures/generated.ts';
import type { DependencyRecord, ModuleRecord, SystemRecord, ZoneRecord } from '../store/model.ts';
import { JsonFile } from '../store/persistence.ts';
import { type RecordKind, Repository, type RepositoryData } from '../store/repository.ts';

export interface SimulatorOptions {
  /** Access token lifetime (wire contract default: 14 days). */
  tokenTtlSeconds: number;
  /** Seconds a rotated-out refresh token still works (wire contract default 30; 0 = strict). */
  refreshReuseSeconds?: number;
  /** Latency added to every command, unless a module sets its own. */
  latencyMs: number;
  /** How long exec waits before 504. */
  execTimeoutMs: number;
  /** Persist everything to this JSON file (atomic writes) and reload it on start. */
  dataFile?: string | undefined;
  /** Extra generated rooms, for load. */
  extraSystems: number;
  now?: () => number;
  /**
   * How often the simulator brings its time-driven state up to date by itself, ms (0 = only when
   * something reads it). A device acts on its own clock: the wall's debounce, a booking that
   * combines rooms and a recorder's timetable happen on time whoever reads, and are persisted and
   * pushed then. A timer of the host's, so fake timers in tests drive it too.
   */
  clockTickMs?: number;
  /** The control websocket's knobs (simulator/realtime/); defaults there. */
  realtime?: {
    /** How often time-driven modules (warm-up countdowns) are brought up to date and sockets' credentials checked, ms. */
    tickMs?: number;
    /** Longest life of a socket on one handshake's token, ms. */
    maxLifetimeMs?: number;
    /** Sockets open at once on one access token. */
    maxSocketsPerToken?: number;
    /** Sockets open at once from one client address. */
    maxSocketsPerAddress?: number;
    /** Bindings one socket may hold. */
    maxBindings?: number;
    /** Frames one socket may have waiting for their answers. */
    maxPending?: number;
    /** Unsolicited text `pong` to every socket (D11), ms; 0 = never. */
    pongEveryMs?: number;
    /**
     * Answer every upgrade at both routes 503 with a JSON body and open no socket (`--no-control-websocket`):
     * a deployment whose gateway does not carry websockets, where clients must poll.
     */
    refuseSockets?: boolean;
  };
}

export const defaultSimulatorOptions: SimulatorOptions = {
  tokenTtlSeconds: 1_209_600,
  latencyMs: 0,
  execTimeoutMs: 15_000,
  extraSystems: 0,
  clockTickMs: 1000,
};

const LIVE_KINDS: ReadonlySet<RecordKind> = new Set<RecordKind>(['states', 'modules', 'systems']);

interface DataFile {
  format: 1;
  data: RepositoryData;
  auth: AuthSnapshot;
}

/** The Control Service's state and behaviour, independent of HTTP. */
export class Simulator {
  readonly repo: Repository;
  readonly systems: Systems;
  readonly modules: Modules;
  readonly devices: Devices;
  readonly auth: AuthService;
  readonly lists: {
    systems: SearchableList<SystemRecord>;
    modules: SearchableList<ModuleRecord>;
    zones: SearchableList<ZoneRecord>;
    dependencies: SearchableList<DependencyRecord>;
  };
  readonly #file: JsonFile<DataFile> | null;
  #lastWrite: Promise<void> = Promise.resolve();
  #tick: ReturnType<typeof setInterval> | undefined;

  constructor(readonly options: SimulatorOptions) {
    const now = options.now ?? Date.now;
    this.#file = options.dataFile ? new JsonFile<DataFile>(options.dataFile) : null;
    const stored = this.#file?.read() ?? null;
    this.repo = new Repository(stored?.data ?? demoBuilding(now()));
    if (!stored && options.extraSystems > 0) addGeneratedSystems(this.repo, options.extraSystems, now());
    this.auth = new AuthService(
      {
        accounts: demoAccounts,
        tokenTtlSeconds: options.tokenTtlSeconds,
        refreshReuseSeconds: options.refreshReuseSeconds ?? 30,
        now,
      },
      stored?.auth,
    );
    this.systems = new Systems(this.repo, now);
    this.modules = new Modules(this.repo, this.systems, now);
    this.devices = new Devices(this.repo, now, {
      latencyMs: options.latencyMs,
      execTimeoutMs: options.execTimeoutMs,
    });

    const repo = this.repo;
    const className = (m: ModuleRecord) => repo.className(m);
    this.lists = {
      systems: new SearchableList(
        () => repo.revision('systems'),
        () => repo.systems.values(),
        (s) => s.name,
        (s) => [s.name, s.description, s.email, s.features.join(' '), s.id],
      ),
      modules: new SearchableList(
        () => repo.revision('modules') * 1_000_003 + repo.revision('dependencies'),
        () => repo.modules.values(),
        className,
        (m) => [
          className(m),
          m.custom_name,
          m.ip,
          m.uri,
          m.notes,
          m.id,
          repo.dependencies.get(m.dependency_id)?.name,
        ],
      ),
      zones: new SearchableList(
        () => repo.revision('zones'),
        () => repo.zones.values(),
        (z) => z.name,
        (z) => [z.name, z.description, z.tags.join(' '), z.id],
      ),
      dependencies: new SearchableList(
        () => repo.revision('dependencies'),
        () => repo.dependencies.values(),
        (d) => d.name,
        (d) => [d.name, d.description, d.id],
      ),
    };

    if (this.#file) {
      this.repo.onChange(() => this.#save());
      this.auth.onChange(() => this.#save());
      if (!stored) this.#save();
    }
    const tickMs = options.clockTickMs ?? 0;
    if (tickMs > 0) {
      this.#tick = setInterval(() => this.advanceTime('acting'), tickMs);
      // The clock never keeps a process alive on its own.
      this.#tick.unref();
    }
  }

  /**
   * Brings running modules' time-driven state up to date, as a read of each would; a change is
   * recorded (persisted, pushed to sockets) like any other. `acting`: only the modules that act on
   * their own as time passes (the simulator's own tick: a building of ten thousand rooms costs it
   * only those); `all`: every module (the websocket's tick, so that bound values change on time).
   */
  advanceTime(which: 'all' | 'acting' = 'all'): void {
    for (const system of this.repo.systems.values()) {
      for (const moduleId of system.modules) {
        const module = this.repo.modules.get(moduleId);
        if (!module?.running) continue;
        if (which === 'acting' && !this.devices.actsOnItsOwn(module)) continue;
        try {
          this.devices.state(module, system);
        } catch {
          // A module without a loaded driver has nothing to advance.
        }
      }
    }
  }

  /**
   * The one seam of live state: `listener` runs after every change a client could see in a status
   * variable — a command (REST or the control websocket, from any client), a time-driven change
   * noticed on a read (warm-up, cool-down), a module's settings (faults) or start/stop, a system's
   * edit. Every mutation already passes through the repository, so this is its change event,
   * filtered to what carries state. Returns the unsubscribe.
   */
  onLiveChange(listener: () => void): () => void {
    return this.repo.onChange((kinds) => {
      if (kinds.some((kind) => LIVE_KINDS.has(kind))) listener();
    });
  }

  #save(): void {
    const file = this.#file;
    if (!file) return;
    this.#lastWrite = file.write(() => ({ format: 1, data: this.repo.toData(), auth: this.auth.snapshot() }));
    // A failed write is reported to whoever awaits flush(); keep it from becoming an unhandled rejection.
    this.#lastWrite.catch(() => {});
  }

  /** Resolves when every change so far is on disk (immediately without a data file). */
  flush(): Promise<void> {
    return this.#lastWrite;
  }

  async close(): Promise<void> {
    clearInterval(this.#tick);
    this.#tick = undefined;
    await this.#file?.idle();
  }
}
