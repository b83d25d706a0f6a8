import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { moduleWire } from '../control/wire.ts';
import type { Simulator } from '../control/simulator.ts';
import { sendJson, sendPage } from './lists.ts';
import { errorResponses, IdParams, ListQuery, Module, ModuleBody } from './schemas.ts';

const ListModulesQuery = Type.Object({
  ...ListQuery,
  system_id: Type.Optional(Type.String()),
  dependency_id: Type.Optional(Type.String()),
});
const StateQuery = Type.Object({ lookup: Type.Optional(Type.String({ maxLength: 200 })) });
const PingResult = Type.Object({
  host: Type.String(),
  pingable: Type.Boolean(),
  warning: Type.Union([Type.String(), Type.Null()]),
  exception: Type.Union([Type.String(), Type.Null()]),
});

type IdParamsType = Static<typeof IdParams>;

export const moduleRoutes: FastifyPluginAsync<{ sim: Simulator }> = async (app, { sim }) => {
  const wire = (id: string) => moduleWire(sim.repo, sim.modules.get(id));

  app.get<{ Querystring: Static<typeof ListModulesQuery> }>(
    '/modules',
    {
      config: { permission: 'read' },
      schema: { querystring: ListModulesQuery, response: { 200: Type.Array(Module), ...errorResponses } },
    },
    async (request, reply) => {
      const { system_id: systemId, dependency_id: dependencyId } = request.query;
      const members = systemId ? new Set(sim.repo.systems.get(systemId)?.modules ?? []) : null;
      const filter =
        members || dependencyId
          ? (m: { id: string; dependency_id: string }) =>
              (!members || members.has(m.id)) && (!dependencyId || m.dependency_id === dependencyId)
          : undefined;
      const page = sim.lists.modules.page(request.query, filter);
      return sendPage(request, reply, { ...page, items: page.items.map((m) => moduleWire(sim.repo, m)) });
    },
  );

  app.post<{ Body: Static<typeof ModuleBody> }>(
    '/modules',
    {
      config: { permission: 'provision' },
      schema: { body: ModuleBody, response: { 201: Module, ...errorResponses } },
    },
    async (request, reply) => {
      const module = sim.modules.create(request.body);
      await sim.flush();
      return reply.code(201).send(moduleWire(sim.repo, module));
    },
  );

  app.get<{ Params: IdParamsType }>(
    '/modules/:id',
    {
      config: { permission: 'read' },
      schema: { params: IdParams, response: { 200: Module, ...errorResponses } },
    },
    async (request) => wire(request.params.id),
  );

  app.put<{ Params: IdParamsType; Body: Static<typeof ModuleBody> }>(
    '/modules/:id',
    {
      config: { permission: 'manage' },
      schema: { params: IdParams, body: ModuleBody, response: { 200: Module, ...errorResponses } },
    },
    async (request) => {
      const module = sim.modules.update(request.params.id, request.body);
      await sim.flush();
      return moduleWire(sim.repo, module);
    },
  );

  app.delete<{ Params: IdParamsType }>(
    '/modules/:id',
    { config: { permission: 'provision' }, schema: { params: IdParams, response: errorResponses } },
    async (request, reply) => {
      sim.modules.delete(request.params.id);
      await sim.flush();
      return reply.code(204).send();
    },
  );

  for (const action of ['start', 'stop'] as const) {
    app.post<{ Params: IdParamsType }>(
      `/modules/:id/${action}`,
      { config: { permission: 'manage' }, schema: { params: IdParams, response: errorResponses } },
      async (request, reply) => {
        sim.modules.setRunning(request.params.id, action === 'start');
        await sim.flush();
        return reply.code(204).send();
      },
    );
  }

  app.post<{ Params: IdParamsType }>(
    '/modules/:id/ping',
    {
      config: { permission: 'manage' },
      schema: { params: IdParams, response: { 200: PingResult, ...errorResponses } },
    },
    async (request) => sim.modules.ping(request.params.id, (module) => sim.devices.state(module)),
  );

  app.get<{ Params: IdParamsType; Querystring: Static<typeof StateQuery> }>(
    '/modules/:id/state',
    {
      config: { permission: 'read' },
      schema: { params: IdParams, querystring: StateQuery, response: errorResponses },
    },
    async (request, reply) => {
      const state = sim.devices.state(sim.modules.get(request.params.id));
      const { lookup } = request.query;
      return sendJson(
        reply,
        lookup === undefined ? state : Object.hasOwn(state, lookup) ? state[lookup] : null,
      );
    },
  );
};
