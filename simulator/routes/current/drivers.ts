import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../control/api-error.ts';
import type { Simulator } from '../../control/simulator.ts';
import type { DependencyRecord } from '../../store/model.ts';
import { IdParams, ListQuery } from '../schemas.ts';
import { clampCurrentLimit, clampCurrentOffset, sendCurrentPage } from './paging.ts';
import { currentRole } from './wire.ts';

/**
 * Drivers of the current generation, `/api/engine/v2/drivers` (the legacy dependencies; placeos-generations.md §4
 * "Driver / dependency"): list and show, read-only. `name` and `module_name` are both the store's
 * class name (the store has no separate display name); `role` in C's numbering (99 logic).
 */

const DriversQuery = Type.Object({
  ...ListQuery,
  role: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
});

export function driverWire(driver: DependencyRecord): Record<string, unknown> {
  return {
    id: driver.id,
    name: driver.name,
    description: driver.description,
    module_name: driver.name,
    role: currentRole(driver.role),
    default_port: driver.default_port ?? undefined,
    ignore_connected: false,
    created_at: driver.created_at,
    updated_at: driver.created_at,
  };
}

export const currentDriverRoutes: FastifyPluginAsync<{ sim: Simulator }> = async (app, { sim }) => {
  // rest-api's base_route ends in a slash and its Link headers point there: both spellings list.
  for (const path of ['/drivers', '/drivers/']) {
    app.get<{ Querystring: Static<typeof DriversQuery> }>(
      path,
      { config: { permission: 'read' }, schema: { querystring: DriversQuery } },
      async (request, reply) => {
        const q = request.query;
        const keep = (d: DependencyRecord) => q.role === undefined || currentRole(d.role) === q.role;
        const page = sim.lists.dependencies.page(
          { ...q, offset: clampCurrentOffset(q.offset) },
          keep,
          clampCurrentLimit,
        );
        return sendCurrentPage(request, reply, 'driver', '/api/engine/v2/drivers/', {
          ...page,
          items: page.items.map(driverWire),
        });
      },
    );
  }

  app.get<{ Params: Static<typeof IdParams> }>(
    '/drivers/:id',
    { config: { permission: 'read' }, schema: { params: IdParams } },
    async (request) => {
      const driver = sim.repo.dependencies.get(request.params.id);
      if (!driver) throw notFound(`driver ${request.params.id}`);
      return driverWire(driver);
    },
  );
};
