import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../control/api-error.ts';
import type { Simulator } from '../../control/simulator.ts';
import type { SystemRecord } from '../../store/model.ts';
import { sendJson } from '../lists.ts';
import { IdParams, ListQuery, SystemBody } from '../schemas.ts';
import { missingParameter } from './errors.ts';
import { execArgs, sendExecError } from './exec.ts';
import { clampCurrentLimit, clampCurrentOffset, sendCollection, sendCurrentPage } from './paging.ts';
import { parseSlug } from './slug.ts';
import { completeSystemWire, encodedState, systemWire, zoneWire } from './wire.ts';

/** Systems of the current generation, /api/engine/v2/systems (placeos-generations.md §1C, §3). */

const BASE = '/api/engine/v2/systems/';
const SlugParams = Type.Object({
  id: IdParams.properties.id,
  slug: Type.String({ minLength: 1, maxLength: 200 }),
});
const KeyParams = Type.Object({
  ...SlugParams.properties,
  key: Type.String({ minLength: 1, maxLength: 200 }),
});
const ExecParams = Type.Object({
  ...SlugParams.properties,
  method: Type.String({ minLength: 1, maxLength: 200 }),
});
const ListSystemsQuery = Type.Object({
  ...ListQuery,
  zone_id: Type.Optional(Type.String({ maxLength: 2000 })),
  module_id: Type.Optional(Type.String({ maxLength: 200 })),
  email: Type.Optional(Type.String({ maxLength: 4000 })),
  features: Type.Optional(Type.String({ maxLength: 2000 })),
  capacity: Type.Optional(Type.Integer()),
  bookable: Type.Optional(Type.Boolean()),
});
const ShowQuery = Type.Object({
  complete: Type.Optional(Type.Boolean()),
  bearer_token: Type.Optional(Type.String()),
});
const UpdateQuery = Type.Object({
  version: Type.Optional(Type.Integer()),
  bearer_token: Type.Optional(Type.String()),
});
const StartStopQuery = Type.Object({
  single_occurrence: Type.Optional(Type.Boolean({ default: true })),
  bearer_token: Type.Optional(Type.String()),
});

type Id = Static<typeof IdParams>;
const csv = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

export const currentSystemRoutes: FastifyPluginAsync<{ sim: Simulator }> = async (app, { sim }) => {
  /** `:sys_id` may also be the room's email address (§1C). */
  const find = (id: string): SystemRecord => {
    if (id.includes('@')) {
      const lower = id.toLowerCase();
      for (const system of sim.repo.systems.values()) if (system.email.toLowerCase() === lower) return system;
    }
    return sim.systems.get(id);
  };

  // rest-api's base_route ends in a slash and its Link headers point there: both spellings list.
  for (const path of ['/systems', '/systems/']) {
    app.get<{ Querystring: Static<typeof ListSystemsQuery> }>(
      path,
      { config: { permission: 'read' }, schema: { querystring: ListSystemsQuery } },
      async (request, reply) => {
        const q = request.query;
        const zones = csv(q.zone_id);
        const emails = csv(q.email).map((e) => e.toLowerCase());
        const features = csv(q.features);
        const filter = (s: SystemRecord) =>
          zones.every((z) => s.zones.includes(z)) &&
          (!q.module_id || s.modules.includes(q.module_id)) &&
          (emails.length === 0 || emails.includes(s.email.toLowerCase())) &&
          features.every((f) => s.features.includes(f)) &&
          (q.capacity === undefined || s.capacity >= q.capacity) &&
          (q.bookable === undefined || s.bookable === q.bookable);
        const page = sim.lists.systems.page(
          { ...q, offset: clampCurrentOffset(q.offset) },
          filter,
          clampCurrentLimit,
        );
        return sendCurrentPage(request, reply, 'sys', BASE, { ...page, items: page.items.map(systemWire) });
      },
    );
  }

  app.post<{ Body: Static<typeof SystemBody> }>(
    '/systems',
    { config: { permission: 'provision' }, schema: { body: SystemBody } },
    async (request, reply) => {
      const { version: _ignored, ...body } = request.body;
      const system = sim.systems.create(body);
      await sim.flush();
      return reply.code(201).send(systemWire(system));
    },
  );

  app.get<{ Params: Id; Querystring: Static<typeof ShowQuery> }>(
    '/systems/:id',
    { config: { permission: 'read' }, schema: { params: IdParams, querystring: ShowQuery } },
    async (request) => {
      const system = find(request.params.id);
      return request.query.complete ? completeSystemWire(sim.repo, system) : systemWire(system);
    },
  );

  // PUT and PATCH are both partial updates; the version comes from the query only (§4, System).
  for (const method of ['put', 'patch'] as const) {
    app[method]<{ Params: Id; Body: Static<typeof SystemBody>; Querystring: Static<typeof UpdateQuery> }>(
      '/systems/:id',
      {
        config: { permission: 'manage' },
        schema: { params: IdParams, querystring: UpdateQuery, body: SystemBody },
      },
      async (request) => {
        const id = find(request.params.id).id;
        const version = request.query.version;
        if (version === undefined) throw missingParameter('version');
        const { version: _ignored, ...body } = request.body ?? {};
        const system = sim.systems.update(id, body, version);
        await sim.flush();
        return systemWire(system);
      },
    );
  }

  app.delete<{ Params: Id }>(
    '/systems/:id',
    { config: { permission: 'provision' }, schema: { params: IdParams } },
    async (request, reply) => {
      sim.systems.delete(find(request.params.id).id);
      await sim.flush();
      return reply.code(202).send();
    },
  );

  app.get<{ Params: Id }>(
    '/systems/:id/zones',
    { config: { permission: 'read' }, schema: { params: IdParams } },
    async (request, reply) => {
      const system = find(request.params.id);
      const zones = system.zones.flatMap((id) => {
        const zone = sim.repo.zones.get(id);
        return zone ? [zoneWire(zone)] : [];
      });
      return sendCollection(reply, 'zone', zones);
    },
  );

  for (const action of ['start', 'stop'] as const) {
    app.post<{ Params: Id; Querystring: Static<typeof StartStopQuery> }>(
      `/systems/:id/${action}`,
      { config: { permission: 'manage' }, schema: { params: IdParams, querystring: StartStopQuery } },
      async (request, reply) => {
        sim.systems.setRunning(find(request.params.id).id, action === 'start', {
          onlyUnshared: request.query.single_occurrence !== false,
        });
        await sim.flush();
        return reply.code(200).send();
      },
    );
  }

  app.get<{ Params: Id }>(
    '/systems/:id/types',
    { config: { permission: 'read' }, schema: { params: IdParams } },
    async (request) => sim.devices.types(find(request.params.id)),
  );

  app.get<{ Params: Static<typeof SlugParams> }>(
    '/systems/:id/functions/:slug',
    { config: { permission: 'read' }, schema: { params: SlugParams } },
    async (request, reply) => {
      const system = find(request.params.id);
      const { className, index } = parseSlug(request.params.slug);
      const known = sim.devices.siblings(system).some((s) => s.className === className && s.index === index);
      if (!known) {
        return reply
          .code(404)
          .type('application/json; charset=utf-8')
          .send(JSON.stringify({ error: `metadata not found for ${request.params.slug} on ${system.id}` }));
      }
      return sendJson(reply, sim.devices.funcs(sim.devices.address(system, className, index)));
    },
  );

  /** A module's state, or `undefined` when no module answers to the slug (C answers `{}` / `null`). */
  const stateOf = (system: SystemRecord, slug: string): Record<string, unknown> | undefined => {
    const { className, index } = parseSlug(slug);
    const known = sim.devices.siblings(system).some((s) => s.className === className && s.index === index);
    return known ? sim.devices.stateFor(sim.devices.address(system, className, index)) : undefined;
  };

  app.get<{ Params: Static<typeof SlugParams> }>(
    '/systems/:id/:slug',
    { config: { permission: 'read' }, schema: { params: SlugParams } },
    async (request, reply) =>
      sendJson(reply, encodedState(stateOf(find(request.params.id), request.params.slug) ?? {})),
  );

  app.get<{ Params: Static<typeof KeyParams> }>(
    '/systems/:id/:slug/:key',
    { config: { permission: 'read' }, schema: { params: KeyParams } },
    async (request, reply) => {
      const state = stateOf(find(request.params.id), request.params.slug) ?? {};
      const { key } = request.params;
      return sendJson(reply, Object.hasOwn(state, key) ? state[key] : null);
    },
  );

  app.post<{ Params: Static<typeof ExecParams> }>(
    '/systems/:id/:slug/:method',
    { config: { permission: 'operate' }, schema: { params: ExecParams } },
    async (request, reply) => {
      const { id, slug, method } = request.params;
      const { className, index } = parseSlug(slug);
      const target = { sysId: id, moduleName: className, index, method };
      try {
        const args = execArgs(request.body);
        const system = find(id);
        const addressed = sim.devices.address(system, className, index);
        const result = await sim.devices.exec(addressed, method, args, request.principal?.role);
        await sim.flush();
        return sendJson(reply, result);
      } catch (error) {
        // A body that is not an argument list is the request's fault (a parse error), not an exec
        // failure; nor is a role that may not call the method (a common 403).
        if (error instanceof ApiError && (error.code === 'bad_request' || error.code === 'forbidden'))
          throw error;
        return sendExecError(reply, error, target);
      }
    },
  );
};
