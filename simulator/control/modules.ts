import { getDriver } from '../devices/registry.ts';
import { ApiError, notFound } from './api-error.ts';
import { ROLE, type ModuleRecord } from '../store/model.ts';
import type { Repository } from '../store/repository.ts';
import { epochSeconds, newId } from './ids.ts';
import { readModuleFields } from './module-input.ts';
import type { Systems } from './systems.ts';
import { isConnected } from './wire.ts';

export interface PingResult {
  host: string;
  pingable: boolean;
  warning: string | null;
  exception: string | null;
}

export class Modules {
  constructor(
    private readonly repo: Repository,
    private readonly systems: Systems,
    private readonly now: () => number,
  ) {}

  get(id: string): ModuleRecord {
    const module = this.repo.modules.get(id);
    if (!module) throw notFound(`module ${id}`);
    return module;
  }

  create(body: Record<string, unknown>): ModuleRecord {
    const { fields, dependency } = readModuleFields(body, this.repo);
    const driver = getDriver(dependency.driver);
    const at = epochSeconds(this.now());
    const settings = fields.settings ?? {};
    const module: ModuleRecord = {
      id: newId('mod'),
      dependency_id: dependency.id,
      control_system_id: null,
      edge_id: '',
      ip: '',
      tls: false,
      udp: false,
      port: dependency.role === ROLE.ssh || dependency.role === ROLE.device ? dependency.default_port : null,
      makebreak: false,
      uri: '',
      custom_name: '',
      notes: '',
      ignore_connected: false,
      ignore_startstop: false,
      ...fields,
      settings,
      role: dependency.role,
      connected: true,
      running: true,
      created_at: at,
      updated_at: at,
    };
    if (module.uri.startsWith('https:') || module.uri.startsWith('wss:')) module.tls = true;
    module.connected = isConnected(module);
    this.repo.putModule(module, driver ? driver.initialState(settings) : {});
    // Spec: a logic module belongs to its system; it joins that system's module list.
    if (dependency.role === ROLE.logic && module.control_system_id) {
      const system = this.systems.get(module.control_system_id);
      this.systems.bumpVersions([system], (s) => ({ modules: [...s.modules, module.id] }));
    }
    return module;
  }

  update(id: string, body: Record<string, unknown>): ModuleRecord {
    const existing = this.get(id);
    const dependency = this.repo.dependencies.get(existing.dependency_id);
    if (!dependency) throw new ApiError(422, 'validation_failed', 'the module’s dependency no longer exists');
    const { fields } = readModuleFields(body, this.repo, {
      role: existing.role,
      dependency,
      ip: existing.ip,
      uri: existing.uri,
    });
    const updated: ModuleRecord = { ...existing, ...fields, updated_at: epochSeconds(this.now()) };
    updated.connected = isConnected(updated);
    this.repo.putModule(updated);
    return updated;
  }

  /** Spec §4.3: a module listed by several systems leaves all of them. */
  delete(id: string): void {
    this.get(id);
    const holders = this.repo.systemsContaining(id);
    this.repo.deleteModule(id);
    this.systems.bumpVersions(holders, (s) => ({ modules: s.modules.filter((m) => m !== id) }));
  }

  setRunning(id: string, running: boolean): void {
    const module = this.get(id);
    if (module.running === running) return;
    const updated = { ...module, running, updated_at: epochSeconds(this.now()) };
    updated.connected = isConnected(updated);
    this.repo.putModule(updated);
  }

  /** `deviceState` reads the module's current state: a device that reports `reachable: false` (a PC restarting) answers no ping. */
  ping(id: string, deviceState?: (module: ModuleRecord) => Record<string, unknown>): PingResult {
    const module = this.get(id);
    if (module.role === ROLE.logic) {
      throw new ApiError(422, 'validation_failed', 'logic modules have no device or service to ping', {
        failures: [{ field: 'role', reason: 'logic modules cannot be pinged' }],
      });
    }
    const host = module.role === ROLE.service ? hostOf(module.uri) : module.ip;
    const offline =
      module.settings.offline === true || (module.running && deviceState?.(module).reachable === false);
    return {
      host,
      pingable: !offline,
      warning: !module.running ? 'the module is stopped; the device itself answered the ping' : null,
      exception: offline ? `no reply from ${host}` : null,
    };
  }
}

function hostOf(uri: string): string {
  try {
    return new URL(uri).hostname;
  } catch {
    return uri;
  }
}
