import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../control/api-error.ts';
import type { Simulator } from '../../control/simulator.ts';
import type { ZoneRecord } from '../../store/model.ts';
import { IdParams, ListQuery } from '../schemas.ts';
import { clampCurrentLimit, clampCurrentOffset, sendCurrentPage } from './paging.ts';
import { zoneWire } from './wire.ts';

/** Zones of the current generation, /api/engine/v2/zones: list and show (read-only, see README.md). */

const ZonesQuery = Type.Object({
  ...ListQuery,
  parent_id: Type.Optional(Type.String({ maxLength: 200 })),
  tags: Type.Optional(Type.String({ maxLength: 2000 })),
});

export const currentZoneRoutes: FastifyPluginAsync<{ sim: Simulator }> = async (app, { sim }) => {
  // rest-api's base_route ends in a slash and its Link headers point there: both spellings list.
  for (const path of ['/zones', '/zones/']) {
    app.get<{ Querystring: Static<typeof ZonesQuery> }>(
      path,
      { config: { permission: 'read' }, schema: { querystring: ZonesQuery } },
      async (request, reply) => {
        const q = request.query;
        // `tags`: CSV, a zone matching any of them (rest-api zones.cr filters by tag overlap).
        const tags = (q.tags ?? '')
          .split(',')
          .map((t) => t.trim())
          .filter((t) => t !== '');
        const keep = (z: ZoneRecord) =>
          (!q.parent_id || z.parent_id === q.parent_id) &&
          (tags.length === 0 || tags.some((t) => z.tags.includes(t)));
        const page = sim.lists.zones.page(
          { ...q, offset: clampCurrentOffset(q.offset) },
          keep,
          clampCurrentLimit,
        );
        return sendCurrentPage(request, reply, 'zone', '/api/engine/v2/zones/', {
          ...page,
          items: page.items.map(zoneWire),
        });
      },
    );
  }

  app.get<{ Params: Static<typeof IdParams> }>(
    '/zones/:id',
    { config: { permission: 'read' }, schema: { params: IdParams } },
    async (request) => {
      const zone = sim.repo.zones.get(request.params.id);
      if (!zone) throw notFound(`zone ${request.params.id}`);
      return zoneWire(zone);
    },
  );
};
