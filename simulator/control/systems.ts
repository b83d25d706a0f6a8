import { ApiError, FailureList, notFound } from './api-error.ts';
import type { SystemRecord } from '../store/model.ts';
import type { Repository } from '../store/repository.ts';
import { epochSeconds, newId } from './ids.ts';
import { readSystemFields, type RawSystemBody } from './system-input.ts';

export class Systems {
  constructor(
    private readonly repo: Repository,
    private readonly now: () => number,
  ) {}

  get(id: string): SystemRecord {
    const system = this.repo.systems.get(id);
    if (!system) throw notFound(`system ${id}`);
    return system;
  }

  create(body: RawSystemBody): SystemRecord {
    const fields = readSystemFields(body, this.repo, { creating: true });
    const at = epochSeconds(this.now());
    const system: SystemRecord = {
      id: newId('sys'),
      edge_id: '',
      description: '',
      email: '',
      capacity: 0,
      features: [],
      bookable: false,
      installed_ui_devices: 0,
      settings: {},
      support_url: '',
      modules: [],
      ...fields,
      name: fields.name ?? '',
      zones: fields.zones ?? [],
      created_at: at,
      updated_at: at,
      version: 0,
    };
    this.repo.putSystem(system);
    return system;
  }

  /**
   * Spec §9: the update carries the version it was based on. The check and the write happen with no
   * await between them, so of concurrent updates sent with one version exactly one wins.
   */
  update(id: string, body: RawSystemBody, queryVersion: number | undefined): SystemRecord {
    const system = this.get(id);
    const version = body.version ?? queryVersion;
    if (version === undefined || version === null) {
      const failures = new FailureList();
      failures.add('version', 'is required: send the version you last read');
      failures.throwIfAny();
    }
    if (typeof version !== 'number' || !Number.isInteger(version)) {
      throw new ApiError(422, 'validation_failed', 'version must be a whole number', {
        failures: [{ field: 'version', reason: 'must be a whole number' }],
      });
    }
    if (version !== system.version) {
      throw new ApiError(
        409,
        'version_conflict',
        `the system changed since version ${version}; reload it (now version ${system.version}) and try again`,
        { current_version: system.version },
      );
    }
    const fields = readSystemFields(body, this.repo, { creating: false, selfId: id });
    const updated: SystemRecord = {
      ...system,
      ...fields,
      updated_at: epochSeconds(this.now()),
      version: system.version + 1,
    };
    this.repo.putSystem(updated);
    return updated;
  }

  /** Spec §4.2: modules of the system that no other system lists are stopped and removed with it. */
  delete(id: string): void {
    const system = this.get(id);
    this.repo.deleteSystem(id);
    for (const moduleId of system.modules) {
      if (this.repo.systemsContaining(moduleId).length === 0) this.repo.deleteModule(moduleId);
    }
    // Logic modules bound to the system go with it, unless another system still lists them (spec §4.2:
    // only modules not associated with another system are removed; deleting one would leave that
    // system with a dangling id).
    for (const module of [...this.repo.modules.values()]) {
      if (module.control_system_id === id && this.repo.systemsContaining(module.id).length === 0) {
        this.repo.deleteModule(module.id);
      }
    }
  }

  /**
   * Start or stop every module of the system but those marked ignore_startstop (shared gateways).
   * `onlyUnshared` (the current generation's `single_occurrence`) also skips modules another system lists.
   */
  setRunning(id: string, running: boolean, options: { onlyUnshared?: boolean } = {}): void {
    const system = this.get(id);
    const at = epochSeconds(this.now());
    for (const moduleId of system.modules) {
      const module = this.repo.modules.get(moduleId);
      if (!module || module.ignore_startstop || module.running === running) continue;
      if (options.onlyUnshared && this.repo.systemsContaining(moduleId).length > 1) continue;
      this.repo.modules.set(moduleId, { ...module, running, updated_at: at });
    }
    this.repo.changed('modules');
  }

  /** Increments the version of each system whose module list another operation changed. */
  bumpVersions(systems: SystemRecord[], change: (s: SystemRecord) => Partial<SystemRecord>): void {
    const at = epochSeconds(this.now());
    for (const system of systems) {
      this.repo.systems.set(system.id, {
        ...system,
        ...change(system),
        version: system.version + 1,
        updated_at: at,
      });
    }
    this.repo.changed('systems');
  }
}
