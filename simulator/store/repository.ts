import type { DependencyRecord, DeviceState, ModuleRecord, SystemRecord, ZoneRecord } from './model.ts';

export const RECORD_KINDS = ['zones', 'dependencies', 'systems', 'modules', 'states'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export type ChangeListener = (kinds: readonly RecordKind[]) => void;

/** Everything the simulator keeps, as written to the data file. */
export interface RepositoryData {
  zones: ZoneRecord[];
  dependencies: DependencyRecord[];
  systems: SystemRecord[];
  modules: ModuleRecord[];
  /** Module id → its status keys. */
  states: Record<string, DeviceState>;
}

/**
 * The simulator's records in memory. Mutations go through here so that listeners (persistence,
 * list caches) hear of every change; reads are plain map lookups.
 */
export class Repository {
  readonly zones = new Map<string, ZoneRecord>();
  readonly dependencies = new Map<string, DependencyRecord>();
  readonly systems = new Map<string, SystemRecord>();
  readonly modules = new Map<string, ModuleRecord>();
  readonly states = new Map<string, DeviceState>();
  readonly #listeners = new Set<ChangeListener>();
  /** Bumped per kind of record on every change; caches compare them instead of subscribing. */
  readonly #revisions: Record<RecordKind, number> = {
    zones: 0,
    dependencies: 0,
    systems: 0,
    modules: 0,
    states: 0,
  };

  constructor(data?: RepositoryData) {
    if (data) this.load(data);
  }

  revision(kind: RecordKind): number {
    return this.#revisions[kind];
  }

  load(data: RepositoryData): void {
    for (const map of [this.zones, this.dependencies, this.systems, this.modules, this.states]) map.clear();
    for (const zone of data.zones) this.zones.set(zone.id, zone);
    for (const dependency of data.dependencies) this.dependencies.set(dependency.id, dependency);
    for (const system of data.systems) this.systems.set(system.id, system);
    for (const module of data.modules) this.modules.set(module.id, module);
    for (const [id, state] of Object.entries(data.states)) this.states.set(id, state);
    this.changed();
  }

  toData(): RepositoryData {
    return {
      zones: [...this.zones.values()],
      dependencies: [...this.dependencies.values()],
      systems: [...this.systems.values()],
      modules: [...this.modules.values()],
      states: Object.fromEntries(this.states),
    };
  }

  /** Listeners hear every change with the kinds of record it touched (persistence, the control websocket). */
  onChange(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Call after any mutation, naming what changed (everything when unsaid). */
  changed(...kinds: RecordKind[]): void {
    const touched = kinds.length > 0 ? kinds : RECORD_KINDS;
    for (const kind of touched) this.#revisions[kind] += 1;
    for (const listener of this.#listeners) listener(touched);
  }

  putSystem(system: SystemRecord): void {
    this.systems.set(system.id, system);
    this.changed('systems');
  }

  deleteSystem(id: string): void {
    this.systems.delete(id);
    this.changed('systems');
  }

  putModule(module: ModuleRecord, state?: DeviceState): void {
    this.modules.set(module.id, module);
    if (state) this.states.set(module.id, state);
    this.changed('modules', 'states');
  }

  deleteModule(id: string): void {
    this.modules.delete(id);
    this.states.delete(id);
    this.changed('modules', 'states');
  }

  /** Systems whose `modules` list the module. */
  systemsContaining(moduleId: string): SystemRecord[] {
    const found: SystemRecord[] = [];
    for (const system of this.systems.values()) if (system.modules.includes(moduleId)) found.push(system);
    return found;
  }

  /** The class name a module answers to: its custom_name, else its driver's default. */
  className(module: ModuleRecord): string {
    if (module.custom_name) return module.custom_name;
    return this.dependencies.get(module.dependency_id)?.name ?? module.dependency_id;
  }
}
