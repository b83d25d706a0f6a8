import { FailureList } from './api-error.ts';
import { jsonTooDeep, TOO_DEEP } from './json-limits.ts';
import type { Repository } from '../store/repository.ts';

/**
 * Body fields of system create and update after the spec's request types are reconciled with the
 * model: the spec lists `modules` and `settings` as strings on the way in and `features` as a
 * string, so those forms are accepted beside arrays and objects.
 */
export interface SystemFields {
  name?: string;
  zones?: string[];
  edge_id?: string;
  description?: string;
  email?: string;
  capacity?: number;
  features?: string[];
  bookable?: boolean;
  installed_ui_devices?: number;
  modules?: string[];
  settings?: Record<string, unknown>;
  support_url?: string;
}

export type RawSystemBody = Record<string, unknown>;

const splitList = (value: string): string[] =>
  value
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isAbsoluteUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** Reads and checks the fields present in `body`; reports every problem at once (422). */
export function readSystemFields(
  body: RawSystemBody,
  repo: Repository,
  context: { creating: boolean; selfId?: string },
): SystemFields {
  const failures = new FailureList();
  const fields: SystemFields = {};
  const has = (key: string) => body[key] !== undefined;

  if (has('name') || context.creating) {
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!name) failures.add('name', 'is required');
    else if (name.length > 200) failures.add('name', 'must be at most 200 characters');
    else {
      const lower = name.toLowerCase();
      for (const other of repo.systems.values()) {
        if (other.id !== context.selfId && other.name.toLowerCase() === lower) {
          failures.add('name', 'must be unique');
          break;
        }
      }
      fields.name = name;
    }
  }

  if (has('zones') || context.creating) {
    const zones = body.zones;
    if (!Array.isArray(zones) || zones.length === 0) failures.add('zones', 'must hold at least one zone');
    else {
      const ids = zones.map(String);
      const unknown = ids.filter((id) => !repo.zones.has(id));
      if (unknown.length > 0) failures.add('zones', `unknown zone ${unknown.join(', ')}`);
      fields.zones = [...new Set(ids)];
    }
  }

  if (has('modules')) {
    const raw = body.modules;
    const ids = typeof raw === 'string' ? splitList(raw) : Array.isArray(raw) ? raw.map(String) : null;
    if (!ids) failures.add('modules', 'must be a list of module ids');
    else {
      const unknown = ids.filter((id) => !repo.modules.has(id));
      if (unknown.length > 0) failures.add('modules', `unknown module ${unknown.join(', ')}`);
      fields.modules = [...new Set(ids)];
    }
  }

  if (has('features')) {
    const raw = body.features;
    if (typeof raw === 'string') fields.features = splitList(raw);
    else if (Array.isArray(raw) && raw.every((f) => typeof f === 'string'))
      fields.features = raw.map((f) => f.trim()).filter(Boolean);
    else failures.add('features', 'must be a list of words or a space- or comma-separated string');
  }

  if (has('settings')) {
    const raw = body.settings;
    let settings: unknown = raw;
    let reason = 'must be a JSON object';
    if (typeof raw === 'string') {
      // The spec's JSON-string form gets the limits a JSON body gets (json-limits.ts).
      if (jsonTooDeep(raw)) {
        settings = undefined;
        reason = TOO_DEEP;
      } else {
        try {
          settings = raw.trim() === '' ? {} : JSON.parse(raw);
        } catch {
          settings = undefined;
        }
      }
    }
    if (isPlainObject(settings)) fields.settings = settings;
    else failures.add('settings', reason);
  }

  for (const key of ['capacity', 'installed_ui_devices'] as const) {
    if (!has(key)) continue;
    const value = body[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1_000_000)
      fields[key] = value;
    else failures.add(key, 'must be a whole number from 0');
  }

  if (has('bookable')) {
    if (typeof body.bookable === 'boolean') fields.bookable = body.bookable;
    else failures.add('bookable', 'must be true or false');
  }

  for (const key of ['edge_id', 'description', 'email', 'support_url'] as const) {
    if (!has(key)) continue;
    const value = body[key];
    if (typeof value !== 'string') {
      failures.add(key, 'must be text');
      continue;
    }
    const text = value.trim();
    if (key === 'email' && text && !/^[^\s@]+@[^\s@]+$/.test(text))
      failures.add(key, 'must be an email address');
    else if (key === 'support_url' && text && !isAbsoluteUrl(text))
      failures.add(key, 'must be an absolute http(s) URL');
    else fields[key] = key === 'description' ? value : text;
  }

  failures.throwIfAny();
  return fields;
}
