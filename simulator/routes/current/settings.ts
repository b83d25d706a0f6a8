import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { Simulator } from '../../control/simulator.ts';
import type { SystemRecord } from '../../store/model.ts';
import { IdParams } from '../schemas.ts';

/**
 * `GET /systems/:id/settings` (placeos-generations.md §1C, §4 System: "Settings are not embedded in
 * C"): rest-api's collated settings, an array of settings documents lowest precedence first
 * (`settings_hierarchy.reverse!`: the zones', then the system's). The store keeps one settings
 * object per system, so a system with settings has one document, `encryption_level` 0 (None), its
 * `settings_string` the settings as JSON text; a system without any has none, as in PlaceOS.
 */

const ShowQuery = Type.Object({ bearer_token: Type.Optional(Type.String()) });

export function settingsDocuments(system: SystemRecord): Record<string, unknown>[] {
  const keys = Object.keys(system.settings);
  if (keys.length === 0) return [];
  return [
    {
      id: `sets-${system.id}`,
      parent_id: system.id,
      parent_type: 'control_system',
      encryption_level: 0,
      settings_string: JSON.stringify(system.settings),
      keys,
      created_at: system.created_at,
      updated_at: system.updated_at,
    },
  ];
}

export const currentSettingsRoutes: FastifyPluginAsync<{ sim: Simulator }> = async (app, { sim }) => {
  // rest-api asks for an admin here; the simulator's read role stands for a panel that holds the
  // grant (README.md, Roles), so a panel can lay itself out from settings.panel in either generation.
  app.get<{ Params: Static<typeof IdParams>; Querystring: Static<typeof ShowQuery> }>(
    '/systems/:id/settings',
    { config: { permission: 'read' }, schema: { params: IdParams, querystring: ShowQuery } },
    async (request) => settingsDocuments(sim.systems.get(request.params.id)),
  );
};
