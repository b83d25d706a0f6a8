import { Type } from '@sinclair/typebox';
import { Module, System, Zone } from '../../contract/domain.ts';
import type { CallOptions, ListParams, Page, SystemDetail } from './calls.ts';
import { MAX_LIMIT } from './caller.ts';
import { decode, normalizeSystem } from './decode.ts';
import { ServiceError } from './errors.ts';
import { readEach, withoutNulls } from './tolerant.ts';
import { ErrorCode } from '../../contract/error-codes.ts';

/**
 * A system record as services send it (nulls for absent fields, older shapes), and a room read in
 * one go: the system with its full module and zone records (`complete=true`), or, from a service
 * that ignores `complete`, with the records fetched one by one.
 */

export const readSystem = (body: unknown): unknown => normalizeSystem(withoutNulls(body));

const CompleteSystem = Type.Object({
  modules: Type.Array(Type.Union([Type.String(), Type.Record(Type.String(), Type.Unknown())])),
  zones: Type.Array(Type.Union([Type.String(), Type.Record(Type.String(), Type.Unknown())])),
});

const isUnreadableRecord = (err: unknown): boolean =>
  err instanceof ServiceError &&
  (err.code === ErrorCode.ROOMDECK_BAD_RESPONSE || err.code === ErrorCode.ROOMDECK_NOT_FOUND);

/** What reading a room needs of the client beyond the one reply. */
export interface DetailSources {
  getModule(id: string, options?: CallOptions): Promise<Module>;
  withClassNames(modules: Module[], options?: CallOptions): Promise<Module[]>;
  listZones(params: ListParams, options?: CallOptions): Promise<Page<Zone>>;
}

/** The system comes back with ids in `modules`/`zones`, as everywhere else. */
export async function readSystemDetail(
  body: unknown,
  from: DetailSources,
  options?: CallOptions,
): Promise<SystemDetail> {
  const raw = decode(CompleteSystem, body, 'complete system');
  const moduleIds = raw.modules.map((m) => (typeof m === 'string' ? m : String(m.id)));
  const zoneIds = raw.zones.map((z) => (typeof z === 'string' ? z : String(z.id)));
  const system = decode(
    System,
    readSystem({ ...(body as object), modules: moduleIds, zones: zoneIds }),
    'complete system',
  );
  // One module the client cannot read leaves that part of the room out, not the whole room.
  const embedded = readEach(raw.modules, (m) =>
    typeof m === 'string' ? m : decode(Module, withoutNulls(m), 'module'),
  ).items;
  const fetched = await Promise.allSettled(
    embedded.map((m) => (typeof m === 'string' ? from.getModule(m, options) : Promise.resolve(m))),
  );
  const modules = await from.withClassNames(
    fetched.flatMap((r) => {
      if (r.status === 'fulfilled') return [r.value];
      // Unreadable or gone: leave it out. Anything else (the link, the session) fails the room.
      if (isUnreadableRecord(r.reason)) return [];
      throw r.reason;
    }),
    options,
  );
  const zones = raw.zones.every((z) => typeof z !== 'string')
    ? readEach(raw.zones, (z) => decode(Zone, withoutNulls(z), 'zone')).items
    : await zonesById(zoneIds, from, options);
  return { system, modules, zones };
}

async function zonesById(ids: string[], from: DetailSources, options?: CallOptions): Promise<Zone[]> {
  if (ids.length === 0) return [];
  const all = await from.listZones({ limit: MAX_LIMIT }, options);
  const byId = new Map(all.items.map((z) => [z.id, z]));
  return ids.flatMap((id) => {
    const zone = byId.get(id);
    return zone === undefined ? [] : [zone];
  });
}
