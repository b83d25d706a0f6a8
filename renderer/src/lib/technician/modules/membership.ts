import type { Module, RoomdeckApi, System } from '#contract';
import { describeProblem, VERSION_CONFLICT } from '../common/problem.ts';

/**
 * Puts a module into a system outside an edit form (a module created straight into a room):
 * read the system, append, save with the version read. Someone saving in between is a version
 * conflict; appending is safe to repeat on their newer version, so it is tried again (a few times).
 */
export async function addToSystem(
  api: RoomdeckApi,
  systemId: string,
  moduleId: string,
  attempts = 3,
): Promise<System> {
  for (let attempt = 1; ; attempt += 1) {
    const { system } = await api.systems.get({ id: systemId });
    // A logic module is appended by the service when it is created for a system.
    if (system.modules.includes(moduleId)) return system;
    try {
      return await api.systems.update({
        id: systemId,
        version: system.version,
        changes: { modules: [...system.modules, moduleId] },
      });
    } catch (error) {
      if (attempt >= attempts || describeProblem(error).code !== VERSION_CONFLICT) throw error;
    }
  }
}

/** Modules to offer for adding: matching the query, not in the room already. */
export async function findModules(
  api: RoomdeckApi,
  query: string,
  exclude: readonly string[],
  limit = 12,
): Promise<Module[]> {
  const page = await api.modules.list({
    ...(query.trim() ? { q: query.trim() } : {}),
    limit: limit + exclude.length,
  });
  return page.items.filter((m) => !exclude.includes(m.id)).slice(0, limit);
}
