import type { ModuleInput } from '../../../contract/domain.ts';
import { withoutNulls } from '../tolerant.ts';

/**
 * The current generation's records in the contract's words (placeos-generations.md §4): a module's
 * driver is `driver_id` (the contract says `dependency_id`), roles are numbered 0 ssh, 1 device,
 * 2 service, 3 websocket, 99 logic (the contract: 3 logic), state values are JSON text, and a
 * system's settings live apart, at `/systems/:id/settings`, as a list of settings documents.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * C's role → the contract's. 99 (logic) is the contract's 3. C's 3, a websocket module, talks to a
 * URI as a service module does, and the contract has no number of its own for it.
 */
export function contractRole(role: unknown): unknown {
  if (role === 99) return 3;
  if (role === 3) return 2;
  return role;
}

/** A module as C sends it → the contract's Module (still to be checked against its schema). */
export function readCurrentModule(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const {
    driver_id: driverId,
    driver: _driver,
    control_system: _system,
    ...rest
  } = withoutNulls(value) as Record<string, unknown>;
  return { ...rest, dependency_id: rest.dependency_id ?? driverId, role: contractRole(rest.role) };
}

/** A driver as C sends it → the contract's Dependency. */
export function readCurrentDriver(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const driver = withoutNulls(value) as Record<string, unknown>;
  return { ...driver, role: contractRole(driver.role) };
}

/** Module input in the contract's words → C's: the driver is `driver_id`. */
export function currentModuleInput(input: ModuleInput): Record<string, unknown> {
  const { dependency_id: dependencyId, ...rest } = input;
  return dependencyId === undefined ? rest : { ...rest, driver_id: dependencyId };
}

/** One state value as C keeps it (JSON text, read straight from Redis) → the value it encodes. */
export function decodeStateValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    // Not JSON text after all: the string is the value.
    return value;
  }
}

export function decodeState(body: unknown): unknown {
  if (!isRecord(body)) return body;
  // fromEntries: a "__proto__" status key stays a key, never a prototype.
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, decodeStateValue(value)]));
}

/** `encryption_level` 3 (never display) hides the contents from everyone (ts-client `EncryptionLevel`). */
const NEVER_DISPLAY = 3;

/**
 * `GET /systems/:id/settings`: rest-api's collated settings, lowest precedence first (zones, then the
 * system; `settings_hierarchy.reverse!`), each with its `settings_string`. Merged key by key, later
 * documents winning, into the one object the contract's `system.settings` is. A document that is
 * not a JSON object is skipped, not the room failed: rest-api also accepts YAML, which this reader
 * does not parse.
 */
export function collateSettings(body: unknown): Record<string, unknown> | undefined {
  if (!Array.isArray(body)) return undefined;
  let merged: Record<string, unknown> = {};
  for (const document of body) {
    if (!isRecord(document) || document.encryption_level === NEVER_DISPLAY) continue;
    const text = document.settings_string;
    if (typeof text !== 'string' || text.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      continue;
    }
    // Spread defines own properties: a "__proto__" key stays a setting, never a prototype.
    if (isRecord(parsed)) merged = { ...merged, ...parsed };
  }
  return merged;
}
