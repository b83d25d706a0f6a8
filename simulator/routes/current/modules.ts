import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../control/api-error.ts';
import type { Simulator } from '../../control/simulator.ts';
import { ROLE, type ModuleRecord } from '../../store/model.ts';
import { sendJson } from '../lists.ts';
import { IdParams, ListQuery, ModuleBody } from '../schemas.ts';
import { renameFailures } from './errors.ts';
import { execArgs, sendExecError } from './exec.ts';
import { clampCurrentLimit, clampCurrentOffset, sendCollection, sendCurrentPage } from './paging.ts';
import { encodedState, moduleWire } from './wire.ts';

/** Modules of the current generation, /api/engine/v2/modules (placeos-generations.md §1C, §3, §4). */

const BASE = '/api/engine/v2/modules/';
const ListModulesQuery = Type.Object({
  ...ListQuery,
  control_system_id: Type.Optional(Type.String({ maxLength: 200 })),
  driver_id: Type.Optional(Type.String({ maxLength: 200 })),
  running: Type.Optional(Type.Boolean()),
  no_logic: Type.Optional(Type.Boolean()),
  as_of: Type.Optional(Type.Integer({ minimum: 0 })),
});
const ShowQuery = Type.Object({
  complete: Type.Optional(Type.Boolean()),
  bearer_token: Type.Optional(Type.String()),
});
const KeyParams = Type.Object({
  id: IdParams.properties.id,
  key: Type.String({ minLength: 1, maxLength: 200 }),
});
const ExecParams = Type.Object({
  id: IdParams.properties.id,
  method: Type.String({ minLength: 1, maxLength: 200 }),
});
/** C names the driver `driver_id`; the shared checks know it as `dependency_id`. */
const CurrentModuleBody = Type.Composite(
  [
    Type.Omit(ModuleBody, ['dependency_id']),
    Type.Object({ driver_id: Type.Optional(Type.String({ maxLength: 200 })) }),
  ],
  { additionalProperties: true },
);

type Id = Static<typeof IdParams>;
const FIELD_NAMES = { dependency_id: 'driver_id', dependency: 'driver_id' };

/** A body in C's names → the shared layer's: `driver_id` becomes `dependency_id`; legacy names are not read. */
function toShared(body: Record<string, unknown>): Record<string, unknown> {
  const { driver_id: driverId, dependency_id: _legacy, ...rest } = body;
  return driverId === undefined ? rest : { ...rest, dependency_id: driverId };
}

export const currentModuleRoutes: FastifyPluginAsync<{ sim: Simulator }> = async (app, { sim }) => {
  const withControlSystem = (module: ModuleRecord) => {
    const system = module.control_system_id ? sim.repo.systems.get(module.control_system_id) : undefined;
    return system ? { name: system.name, zone_data: system.zones } : undefined;
  };

  // rest-api's base_route ends in a slash and its Link headers point there: both spellings list.
  for (const path of ['/modules', '/modules/']) {
    app.get<{ Querystring: Static<typeof ListModulesQuery> }>(
      path,
      { config: { permission: 'read' }, schema: { querystring: ListModulesQuery } },
      async (request, reply) => {
        const q = request.query;
        const keep = (m: ModuleRecord) =>
          (!q.driver_id || m.dependency_id === q.driver_id) &&
          (q.running === undefined || m.running === q.running) &&
          (!q.no_logic || m.role !== ROLE.logic) &&
          (q.as_of === undefined || m.updated_at >= q.as_of);
        const wire = (m: ModuleRecord) => ({
          ...moduleWire(sim.repo, m, { driver: true }),
          control_system: m.role === ROLE.logic ? withControlSystem(m) : undefined,
        });
        // `control_system_id`: the system's modules in its own order, not paginated (§1C, Lists (C)).
        if (q.control_system_id) {
          const system = sim.repo.systems.get(q.control_system_id);
          const members = (system?.modules ?? []).flatMap((id) => {
            const module = sim.repo.modules.get(id);
            return module && keep(module) ? [wire(module)] : [];
          });
          return sendCollection(reply, 'mod', members);
        }
        const page = sim.lists.modules.page(
          { ...q, offset: clampCurrentOffset(q.offset) },
          keep,
          clampCurrentLimit,
        );
        return sendCurrentPage(request, reply, 'mod', BASE, { ...page, items: page.items.map(wire) });
      },
    );
  }

  app.post<{ Body: Record<string, unknown> }>(
    '/modules',
    { config: { permission: 'provision' }, schema: { body: CurrentModuleBody } },
    async (request, reply) => {
      let module: ModuleRecord;
      try {
        module = sim.modules.create(toShared(request.body));
      } catch (error) {
        throw renameFailures(error, FIELD_NAMES);
      }
      await sim.flush();
      return reply.code(201).send(moduleWire(sim.repo, module, { driver: true }));
    },
  );

  app.get<{ Params: Id; Querystring: Static<typeof ShowQuery> }>(
    '/modules/:id',
    { config: { permission: 'read' }, schema: { params: IdParams, querystring: ShowQuery } },
    async (request) => {
      const module = sim.modules.get(request.params.id);
      if (!request.query.complete) return moduleWire(sim.repo, module);
      return { ...moduleWire(sim.repo, module, { driver: true }), control_system: withControlSystem(module) };
    },
  );

  for (const method of ['put', 'patch'] as const) {
    app[method]<{ Params: Id; Body: Record<string, unknown> }>(
      '/modules/:id',
      { config: { permission: 'manage' }, schema: { params: IdParams, body: CurrentModuleBody } },
      async (request) => {
        const { driver_id: _fixed, ...body } = request.body ?? {};
        let module: ModuleRecord;
        try {
          module = sim.modules.update(request.params.id, toShared(body));
        } catch (error) {
          throw renameFailures(error, FIELD_NAMES);
        }
        await sim.flush();
        return moduleWire(sim.repo, module, { driver: true });
      },
    );
  }

  app.delete<{ Params: Id }>(
    '/modules/:id',
    { config: { permission: 'provision' }, schema: { params: IdParams } },
    async (request, reply) => {
      sim.modules.delete(request.params.id);
      await sim.flush();
      return reply.code(202).send();
    },
  );

  for (const action of ['start', 'stop'] as const) {
    app.post<{ Params: Id }>(
      `/modules/:id/${action}`,
      { config: { permission: 'manage' }, schema: { params: IdParams } },
      async (request, reply) => {
        sim.modules.setRunning(request.params.id, action === 'start');
        await sim.flush();
        return reply.code(200).send();
      },
    );
  }

  app.post<{ Params: Id }>(
    '/modules/:id/ping',
    { config: { permission: 'manage' }, schema: { params: IdParams } },
    async (request) => {
      const module = sim.modules.get(request.params.id);
      if (module.role === ROLE.logic) {
        throw new ApiError(422, 'validation_failed', 'ping not supported for module role: Logic', {
          failures: [{ field: 'role', reason: 'ping not supported for module role: Logic' }],
        });
      }
      const result = sim.modules.ping(module.id, (m) => sim.devices.state(m));
      // nil warning/exception are omitted in C (§3, ping).
      return {
        host: result.host,
        pingable: result.pingable,
        warning: result.warning ?? undefined,
        exception: result.exception ?? undefined,
      };
    },
  );

  app.get<{ Params: Id }>(
    '/modules/:id/state',
    { config: { permission: 'read' }, schema: { params: IdParams } },
    async (request, reply) =>
      sendJson(reply, encodedState(sim.devices.state(sim.modules.get(request.params.id)))),
  );

  app.get<{ Params: Static<typeof KeyParams> }>(
    '/modules/:id/state/:key',
    { config: { permission: 'read' }, schema: { params: KeyParams } },
    async (request, reply) => {
      const state = sim.devices.state(sim.modules.get(request.params.id));
      const { key } = request.params;
      // C answers a missing key with a KeyError (500, §3 state, inferred); bad input is never a 5xx here.
      if (!Object.hasOwn(state, key)) {
        throw new ApiError(404, 'not_found', `status ${key} not found on module ${request.params.id}`);
      }
      // Declared to return a String in C: the stored JSON text, itself sent as JSON (double-encoded).
      return sendJson(reply, JSON.stringify(state[key] ?? null));
    },
  );

  app.post<{ Params: Static<typeof ExecParams> }>(
    '/modules/:id/exec/:method',
    { config: { permission: 'operate' }, schema: { params: ExecParams } },
    async (request, reply) => {
      const { id, method } = request.params;
      const module = sim.modules.get(id);
      const target = {
        sysId: null as string | null,
        moduleName: sim.repo.className(module),
        index: null,
        method,
      };
      try {
        const args = execArgs(request.body);
        const addressed = sim.devices.direct(module);
        target.sysId = addressed.system.id;
        const result = await sim.devices.exec(addressed, method, args, request.principal?.role);
        await sim.flush();
        return sendJson(reply, result);
      } catch (error) {
        if (error instanceof ApiError && (error.code === 'bad_request' || error.code === 'forbidden'))
          throw error;
        return sendExecError(reply, error, target);
      }
    },
  );
};
