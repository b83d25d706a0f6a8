import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { Simulator } from '../control/simulator.ts';
import { sendPage } from './lists.ts';
import { Dependency, errorResponses, ListQuery, Zone } from './schemas.ts';

const ZonesQuery = Type.Object({
  ...ListQuery,
  parent_id: Type.Optional(Type.String()),
  tag: Type.Optional(Type.String()),
});
const DependenciesQuery = Type.Object({
  ...ListQuery,
  role: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
});

/** The two read-only lists the wire contract adds so the UI can create systems and modules. */
export const catalogRoutes: FastifyPluginAsync<{ sim: Simulator }> = async (app, { sim }) => {
  app.get<{ Querystring: Static<typeof ZonesQuery> }>(
    '/zones',
    {
      config: { permission: 'read' },
      schema: { querystring: ZonesQuery, response: { 200: Type.Array(Zone), ...errorResponses } },
    },
    async (request, reply) => {
      const { parent_id: parentId, tag } = request.query;
      const filter =
        parentId || tag
          ? (z: { parent_id: string | null; tags: string[] }) =>
              (!parentId || z.parent_id === parentId) && (!tag || z.tags.includes(tag))
          : undefined;
      return sendPage(request, reply, sim.lists.zones.page(request.query, filter));
    },
  );

  app.get<{ Querystring: Static<typeof DependenciesQuery> }>(
    '/dependencies',
    {
      config: { permission: 'read' },
      schema: {
        querystring: DependenciesQuery,
        response: { 200: Type.Array(Dependency), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { role } = request.query;
      const filter = role === undefined ? undefined : (d: { role: number }) => d.role === role;
      return sendPage(request, reply, sim.lists.dependencies.page(request.query, filter));
    },
  );
};
