import { FailureList } from './api-error.ts';
import { ROLE, type DependencyRecord, type Role } from '../store/model.ts';
import type { Repository } from '../store/repository.ts';

export interface ModuleFields {
  dependency_id?: string;
  edge_id?: string;
  control_system_id?: string;
  ip?: string;
  udp?: boolean;
  port?: number;
  makebreak?: boolean;
  uri?: string;
  custom_name?: string;
  settings?: Record<string, unknown>;
  notes?: string;
  ignore_connected?: boolean;
  ignore_startstop?: boolean;
}

const TEXT_FIELDS = ['edge_id', 'ip', 'uri', 'custom_name', 'notes'] as const;
const FLAG_FIELDS = ['udp', 'makebreak', 'ignore_connected', 'ignore_startstop'] as const;

const isAbsoluteUri = (value: string): boolean => {
  try {
    return new URL(value).protocol.length > 1;
  } catch {
    return false;
  }
};

/**
 * Reads and checks module fields; on create, also the role rules of the spec (§4.3): logic modules
 * need a system, ssh and device modules an address, service modules a URI.
 */
export function readModuleFields(
  body: Record<string, unknown>,
  repo: Repository,
  existing?: { role: Role; dependency: DependencyRecord; ip: string; uri: string },
): { fields: ModuleFields; dependency: DependencyRecord } {
  const failures = new FailureList();
  const fields: ModuleFields = {};
  const has = (key: string) => body[key] !== undefined;

  let dependency = existing?.dependency;
  if (!existing) {
    const id = body.dependency_id;
    if (typeof id !== 'string' || !id) failures.add('dependency_id', 'is required');
    else {
      dependency = repo.dependencies.get(id);
      if (!dependency) failures.add('dependency_id', `unknown dependency ${id}`);
      else fields.dependency_id = id;
    }
  } else if (has('dependency_id') && body.dependency_id !== existing.dependency.id) {
    failures.add('dependency_id', 'cannot change: create a new module instead');
  }

  for (const key of TEXT_FIELDS) {
    if (!has(key)) continue;
    const value = body[key];
    if (typeof value === 'string') fields[key] = value.trim();
    else failures.add(key, 'must be text');
  }
  for (const key of FLAG_FIELDS) {
    if (!has(key)) continue;
    const value = body[key];
    if (typeof value === 'boolean') fields[key] = value;
    else failures.add(key, 'must be true or false');
  }
  if (has('port')) {
    const port = body.port;
    if (typeof port === 'number' && Number.isInteger(port) && port >= 1 && port <= 65535) fields.port = port;
    else failures.add('port', 'must be a whole number from 1 to 65535');
  }
  if (has('settings')) {
    const settings = body.settings;
    if (typeof settings === 'object' && settings !== null && !Array.isArray(settings)) {
      fields.settings = settings as Record<string, unknown>;
    } else failures.add('settings', 'must be a JSON object');
  }
  if (has('control_system_id')) {
    const id = body.control_system_id;
    if (typeof id !== 'string' || !repo.systems.has(id))
      failures.add('control_system_id', `unknown system ${String(id)}`);
    else fields.control_system_id = id;
  }

  if (dependency) {
    const ip = fields.ip ?? existing?.ip ?? '';
    const uri = fields.uri ?? existing?.uri ?? '';
    switch (dependency.role) {
      case ROLE.logic:
        if (
          !existing &&
          !fields.control_system_id &&
          !failures.failures.some((f) => f.field === 'control_system_id')
        ) {
          failures.add('control_system_id', 'is required for logic modules');
        }
        break;
      case ROLE.ssh:
      case ROLE.device:
        if (!ip) failures.add('ip', 'is required for ssh and device modules');
        break;
      case ROLE.service:
        if (!uri) failures.add('uri', 'is required for service modules');
        else if (!isAbsoluteUri(uri)) failures.add('uri', 'must be an absolute URI');
        break;
      default: {
        const unreachable: never = dependency.role;
        throw new Error(`unknown role ${String(unreachable)}`);
      }
    }
  }

  failures.throwIfAny();
  if (!dependency) throw new Error('unreachable: dependency checked above');
  return { fields, dependency };
}
