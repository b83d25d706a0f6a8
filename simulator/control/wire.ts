import type { ModuleRecord, SystemRecord, ZoneRecord } from '../store/model.ts';
import type { Repository } from '../store/repository.ts';

/** A module as the API shows it: the record, its driver's class name, and live connectivity. */
export function moduleWire(repo: Repository, module: ModuleRecord): Record<string, unknown> {
  return {
    ...module,
    name: repo.dependencies.get(module.dependency_id)?.name ?? module.dependency_id,
    connected: isConnected(module),
  };
}

/** A device answers only while its module runs and it is not set offline for a fault test. */
export const isConnected = (module: ModuleRecord): boolean =>
  module.running && module.settings.offline !== true;

export function systemWire(system: SystemRecord): SystemRecord {
  return system;
}

/** `complete=true`: full module and zone records in place of their ids, in the system's order. */
export function completeSystemWire(repo: Repository, system: SystemRecord): Record<string, unknown> {
  return {
    ...system,
    modules: system.modules.flatMap((id) => {
      const module = repo.modules.get(id);
      return module ? [moduleWire(repo, module)] : [];
    }),
    zones: system.zones.flatMap((id) => {
      const zone: ZoneRecord | undefined = repo.zones.get(id);
      return zone ? [zone] : [];
    }),
  };
}
