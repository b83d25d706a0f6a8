import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { completeSystemWire } from '../control/wire.ts';
import type { Simulator } from '../control/simulator.ts';
import { sendJson, sendPage } from './lists.ts';
import {
  CompleteSystem,
  errorResponses,
  ExecBody,
  IdParams,
  ListQuery,
  ModuleAddress,
  System,
  SystemBody,
} from './schemas.ts';

const ListSystemsQuery = Type.Object({
  ...ListQuery,
  zone_id: Type.Optional(Type.String()),
  module_id: Type.Optional(Type.String()),
});
const RetrieveQuery = Type.Object({
  complete: Type.Optional(Type.Boolean()),
  bearer_token: Type.Optional(Type.String()),
});
const UpdateQuery = Type.Object({
  version: Type.Optional(Type.Integer()),
  bearer_token: Type.Optional(Type.String()),
});
const StateQuery = Type.Object({ ...ModuleAddress, lookup: Type.Optional(Type.String({ maxLength: 200 })) });
const FuncsQuery = Type.Object(ModuleAddress);
const CountQuery = Type.Object({ module: ModuleAddress.module });

type IdParamsType = Static<typeof IdParams>;

export const systemRoutes: FastifyPluginAsync<{ sim: Simulator }> = async (app, { sim }) => {
  app.get<{ Querystring: Static<typeof ListSystemsQuery> }>(
    '/systems',
    {
      config: { permission: 'read' },
      schema: { querystring: ListSystemsQuery, response: { 200: Type.Array(System), ...errorResponses } },
    },
    async (request, reply) => {
      const { zone_id: zoneId, module_id: moduleId } = request.query;
      const filter =
        zoneId || moduleId
          ? (s: { zones: string[]; modules: string[] }) =>
              (!zoneId || s.zones.includes(zoneId)) && (!moduleId || s.modules.includes(moduleId))
          : undefined;
      return sendPage(request, reply, sim.lists.systems.page(request.query, filter));
    },
  );

  app.post<{ Body: Static<typeof SystemBody> }>(
    '/systems',
    {
      config: { permission: 'provision' },
      schema: { body: SystemBody, response: { 201: System, ...errorResponses } },
    },
    async (request, reply) => {
      const system = sim.systems.create(request.body);
      await sim.flush();
      return reply.code(201).send(system);
    },
  );

  app.get<{ Params: IdParamsType; Querystring: Static<typeof RetrieveQuery> }>(
    '/systems/:id',
    {
      config: { permission: 'read' },
      schema: {
        params: IdParams,
        querystring: RetrieveQuery,
        response: { 200: Type.Union([System, CompleteSystem]), ...errorResponses },
      },
    },
    async (request, reply) => {
      const system = sim.systems.get(request.params.id);
      return request.query.complete ? sendJson(reply, completeSystemWire(sim.repo, system)) : system;
    },
  );

  app.put<{ Params: IdParamsType; Body: Static<typeof SystemBody>; Querystring: Static<typeof UpdateQuery> }>(
    '/systems/:id',
    {
      config: { permission: 'manage' },
      schema: {
        params: IdParams,
        querystring: UpdateQuery,
        body: SystemBody,
        response: { 200: System, ...errorResponses },
      },
    },
    async (request) => {
      const system = sim.systems.update(request.params.id, request.body, request.query.version);
      await sim.flush();
      return system;
    },
  );

  app.delete<{ Params: IdParamsType }>(
    '/systems/:id',
    { config: { permission: 'provision' }, schema: { params: IdParams, response: errorResponses } },
    async (request, reply) => {
      sim.systems.delete(request.params.id);
      await sim.flush();
      return reply.code(204).send();
    },
  );

  for (const action of ['start', 'stop'] as const) {
    app.post<{ Params: IdParamsType }>(
      `/systems/:id/${action}`,
      { config: { permission: 'manage' }, schema: { params: IdParams, response: errorResponses } },
      async (request, reply) => {
        sim.systems.setRunning(request.params.id, action === 'start');
        await sim.flush();
        return reply.code(204).send();
      },
    );
  }

  app.post<{ Params: IdParamsType; Body: Static<typeof ExecBody> }>(
    '/systems/:id/exec',
    {
      config: { permission: 'operate' },
      schema: { params: IdParams, body: ExecBody, response: errorResponses },
    },
    async (request, reply) => {
      const { module, index = 1, method, args = [] } = request.body;
      const target = sim.devices.address(sim.systems.get(request.params.id), module, index);
      const result = await sim.devices.exec(target, method, args, request.principal?.role);
      await sim.flush();
      return sendJson(reply, result);
    },
  );

  app.get<{ Params: IdParamsType; Querystring: Static<typeof StateQuery> }>(
    '/systems/:id/state',
    {
      config: { permission: 'read' },
      schema: { params: IdParams, querystring: StateQuery, response: errorResponses },
    },
    async (request, reply) => {
      const { module, index = 1, lookup } = request.query;
      const target = sim.devices.address(sim.systems.get(request.params.id), module, index);
      const state = sim.devices.stateFor(target);
      return sendJson(
        reply,
        lookup === undefined ? state : Object.hasOwn(state, lookup) ? state[lookup] : null,
      );
    },
  );

  app.get<{ Params: IdParamsType; Querystring: Static<typeof FuncsQuery> }>(
    '/systems/:id/funcs',
    {
      config: { permission: 'read' },
      schema: { params: IdParams, querystring: FuncsQuery, response: errorResponses },
    },
    async (request, reply) => {
      const { module, index = 1 } = request.query;
      const target = sim.devices.address(sim.systems.get(request.params.id), module, index);
      return sendJson(reply, sim.devices.funcs(target));
    },
  );

  app.get<{ Params: IdParamsType; Querystring: Static<typeof CountQuery> }>(
    '/systems/:id/count',
    {
      config: { permission: 'read' },
      schema: {
        params: IdParams,
        querystring: CountQuery,
        response: { 200: Type.Object({ count: Type.Integer() }), ...errorResponses },
      },
    },
    async (request) => ({
      count: sim.devices.count(sim.systems.get(request.params.id), request.query.module),
    }),
  );

  app.get<{ Params: IdParamsType }>(
    '/systems/:id/types',
    {
      config: { permission: 'read' },
      schema: {
        params: IdParams,
        response: { 200: Type.Record(Type.String(), Type.Integer()), ...errorResponses },
      },
    },
    async (request) => sim.devices.types(sim.systems.get(request.params.id)),
  );
};
