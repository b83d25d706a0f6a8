import { isConnected } from '../../control/wire.ts';
import { ROLE, type ModuleRecord, type SystemRecord, type ZoneRecord } from '../../store/model.ts';
import type { Repository } from '../../store/repository.ts';

/**
 * The records as the current generation serialises them (placeos-generations.md §4). nil fields are
 * omitted, not sent as null (§2C, "Field-omission rule"). Settings are not embedded in C (they live
 * at /systems/:id/settings, not served yet), so neither object carries them.
 */

/** Legacy role numbers (0 ssh, 1 device, 2 service, 3 logic) → C's (… 3 websocket, 99 logic). */
export const currentRole = (role: number): number => (role === ROLE.logic ? 99 : role);

const omitEmpty = (value: string | null | undefined): string | undefined =>
  value === null || value === undefined || value === '' ? undefined : value;

export function systemWire(system: SystemRecord): Record<string, unknown> {
  return {
    id: system.id,
    name: system.name,
    description: system.description,
    email: omitEmpty(system.email),
    capacity: system.capacity,
    features: system.features,
    bookable: system.bookable,
    public: false,
    installed_ui_devices: system.installed_ui_devices,
    support_url: system.support_url,
    images: [],
    zones: system.zones,
    modules: system.modules,
    version: system.version,
    created_at: system.created_at,
    updated_at: system.updated_at,
  };
}

export function driverSummary(repo: Repository, module: ModuleRecord): Record<string, unknown> {
  const dependency = repo.dependencies.get(module.dependency_id);
  return {
    name: dependency?.name ?? module.dependency_id,
    description: dependency?.description ?? '',
    module_name: dependency?.name ?? module.dependency_id,
  };
}

export function moduleWire(
  repo: Repository,
  module: ModuleRecord,
  options: { driver?: boolean } = {},
): Record<string, unknown> {
  return {
    id: module.id,
    driver_id: module.dependency_id,
    control_system_id: omitEmpty(module.control_system_id),
    edge_id: omitEmpty(module.edge_id),
    ip: module.ip,
    port: module.port ?? 0,
    tls: module.tls,
    udp: module.udp,
    makebreak: module.makebreak,
    uri: module.uri,
    name: repo.dependencies.get(module.dependency_id)?.name ?? module.dependency_id,
    custom_name: omitEmpty(module.custom_name),
    role: currentRole(module.role),
    connected: isConnected(module),
    running: module.running,
    notes: module.notes,
    ignore_connected: module.ignore_connected,
    ignore_startstop: module.ignore_startstop,
    has_runtime_error: false,
    launch_on_execute: false,
    created_at: module.created_at,
    updated_at: module.updated_at,
    driver: options.driver ? driverSummary(repo, module) : undefined,
  };
}

export function zoneWire(zone: ZoneRecord): Record<string, unknown> {
  return {
    id: zone.id,
    name: zone.name,
    description: zone.description,
    tags: zone.tags,
    parent_id: omitEmpty(zone.parent_id),
    created_at: zone.created_at,
    updated_at: zone.created_at,
  };
}

/** `?complete=true` on a system: zone_data and module_data (each module with its driver). */
export function completeSystemWire(repo: Repository, system: SystemRecord): Record<string, unknown> {
  return {
    ...systemWire(system),
    zone_data: system.zones.flatMap((id) => {
      const zone = repo.zones.get(id);
      return zone ? [zoneWire(zone)] : [];
    }),
    module_data: system.modules.flatMap((id) => {
      const module = repo.modules.get(id);
      return module ? [moduleWire(repo, module, { driver: true })] : [];
    }),
  };
}

/** Status values as read from Redis in C: every value its JSON text (§3, state). */
export function encodedState(state: Record<string, unknown>): Record<string, string> {
  const encoded: Record<string, string> = {};
  for (const [key, value] of Object.entries(state)) encoded[key] = JSON.stringify(value ?? null);
  return encoded;
}
