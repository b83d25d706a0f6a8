import type { Dependency, Module, System } from '#contract';
import type { MessageKey } from '#locales';
import { t } from '../../i18n/i18n.svelte.ts';
import { addressesOf, classNameOf, type RoleName, roleName } from '../../modules/addressing.ts';

/*
 * Every module of the building as one table: what it is, where it is, how to reach it and whether
 * it is up. The API has no filter for running or connected, so the tools read all modules and
 * systems (paged; fleet-index.svelte.ts) and filter, sort and search here, in plain functions.
 */

export type Health = 'ok' | 'offline' | 'stopped';

export interface ModuleRow {
  id: string;
  module: Module;
  /** Class + index in its first room ("Display 2"); the class alone when in no room. */
  label: string;
  rooms: { id: string; name: string; label: string }[];
  zoneIds: string[];
  dependency: string;
  role: RoleName | 'unknown';
  /** ip:port, or the service's uri; '' for logic. */
  address: string;
  health: Health;
}

/** Which health needs a technician first: offline (running, not reaching its device), then stopped. */
export const HEALTH_RANK: Readonly<Record<Health, number>> = { offline: 0, stopped: 1, ok: 2 };

/** Stopped: not running. Offline: running, but not talking to its device or service. */
export function healthOf(module: Module): Health {
  if (!module.running) return 'stopped';
  return module.connected ? 'ok' : 'offline';
}

export function addressOf(module: Module): string {
  if (module.ip) return module.port ? `${module.ip}:${module.port}` : module.ip;
  return module.uri ?? '';
}

export function buildRows(
  modules: readonly Module[],
  systems: readonly System[],
  dependencies: readonly Dependency[],
): ModuleRow[] {
  const byId = new Map(modules.map((m) => [m.id, m]));
  const depName = new Map(dependencies.map((d) => [d.id, d.name]));
  const rooms = new Map<string, ModuleRow['rooms']>();
  const zones = new Map<string, Set<string>>();
  for (const system of systems) {
    const members = system.modules.flatMap((id) => {
      const m = byId.get(id);
      return m ? [m] : [];
    });
    for (const address of addressesOf(members)) {
      const list = rooms.get(address.id) ?? [];
      list.push({ id: system.id, name: system.name, label: address.label });
      rooms.set(address.id, list);
      const z = zones.get(address.id) ?? new Set<string>();
      for (const zone of system.zones) z.add(zone);
      zones.set(address.id, z);
    }
  }
  return modules.map((module) => {
    const inRooms = rooms.get(module.id) ?? [];
    return {
      id: module.id,
      module,
      label: inRooms[0]?.label ?? classNameOf(module),
      rooms: inRooms,
      zoneIds: [...(zones.get(module.id) ?? [])],
      dependency: depName.get(module.dependency_id) ?? module.name ?? module.dependency_id,
      role: roleName(module.role),
      address: addressOf(module),
      health: healthOf(module),
    };
  });
}

export type StatusFilter = '' | 'offline' | 'stopped' | 'attention' | 'ok';

/** A filter whose label is read when shown (a getter), so it is in the page's language at that moment. */
const statusFilter = (value: StatusFilter, key: MessageKey) => ({
  value,
  get label() {
    return t(key);
  },
});

export const STATUS_FILTERS: readonly { readonly value: StatusFilter; readonly label: string }[] = [
  statusFilter('', 'tech.fleet.status.any'),
  statusFilter('attention', 'tech.fleet.status.attention'),
  statusFilter('offline', 'tech.fleet.status.offline'),
  statusFilter('stopped', 'tech.fleet.status.stopped'),
  statusFilter('ok', 'tech.fleet.status.ok'),
];

export interface RowFilters {
  text: string;
  status: StatusFilter;
  role: string;
  dependencyId: string;
  zoneId: string;
  systemId: string;
}

export const NO_FILTERS: RowFilters = {
  text: '',
  status: '',
  role: '',
  dependencyId: '',
  zoneId: '',
  systemId: '',
};

export function matchesStatus(row: ModuleRow, status: StatusFilter): boolean {
  switch (status) {
    case '':
      return true;
    case 'attention':
      return row.health !== 'ok';
    case 'offline':
    case 'stopped':
    case 'ok':
      return row.health === status;
    default:
      return status satisfies never;
  }
}

/**
 * The words a row is found by: its names, rooms, addresses, notes and status ("offline"). The
 * status is findable by its English words (what the service calls it) and by the page's own.
 */
function wordsOf(row: ModuleRow): string {
  const m = row.module;
  const status =
    row.health === 'ok'
      ? // i18n-ignore: search synonyms matched against what a technician types, in the service's English
        `running connected online responding ${t('tech.fleet.search.ok')}`
      : row.health === 'offline'
        ? // i18n-ignore: search synonyms matched against what a technician types, in the service's English
          `running offline not responding ${t('tech.fleet.search.offline')}`
        : `stopped ${t('tech.fleet.search.stopped')}`;
  return [
    row.label,
    classNameOf(m),
    m.id,
    row.dependency,
    row.role,
    row.address,
    m.notes ?? '',
    ...row.rooms.map((r) => r.name),
    status,
    m.ignore_connected ? 'ignore_connected' : '',
    m.ignore_startstop ? 'ignore_startstop' : '',
  ]
    .join(' ')
    .toLowerCase();
}

/** Every term must appear (`-term`: must not); "offline" and "stopped" find modules in that state. */
export function matchesText(row: ModuleRow, text: string): boolean {
  const terms = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const words = wordsOf(row);
  return terms.every((term) =>
    term.startsWith('-') && term.length > 1 ? !words.includes(term.slice(1)) : words.includes(term),
  );
}

export function filterRows(rows: readonly ModuleRow[], f: RowFilters): ModuleRow[] {
  return rows.filter(
    (row) =>
      matchesStatus(row, f.status) &&
      (!f.role || row.role === f.role) &&
      (!f.dependencyId || row.module.dependency_id === f.dependencyId) &&
      (!f.zoneId || row.zoneIds.includes(f.zoneId)) &&
      (!f.systemId || row.rooms.some((r) => r.id === f.systemId)) &&
      matchesText(row, f.text),
  );
}

export type SortKey = 'label' | 'rooms' | 'dependency' | 'role' | 'address' | 'running' | 'connected';
export type SortDirection = 'ascending' | 'descending';

function keyOf(row: ModuleRow, key: SortKey): string | number {
  switch (key) {
    case 'label':
      return row.label.toLowerCase();
    case 'rooms':
      return (row.rooms[0]?.name ?? '\uffff').toLowerCase();
    case 'dependency':
      return row.dependency.toLowerCase();
    case 'role':
      return row.role;
    case 'address':
      return row.address || '\uffff';
    case 'running':
      return row.module.running ? 1 : 0;
    case 'connected':
      return HEALTH_RANK[row.health];
    default:
      return key satisfies never;
  }
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Stable: equal keys keep their order (by label, then id), so a re-sort never shuffles. */
export function sortRows(rows: readonly ModuleRow[], key: SortKey, direction: SortDirection): ModuleRow[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = keyOf(a, key);
    const y = keyOf(b, key);
    const by =
      typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    if (by !== 0) return by * sign;
    return collator.compare(a.label, b.label) || collator.compare(a.id, b.id);
  });
}
