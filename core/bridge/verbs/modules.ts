import type { RoomdeckApi } from '../../../contract/verbs.ts';
import type { ControlClient } from '../../api/client.ts';
import type { Capabilities } from '../capabilities.ts';
import { serviceCalls } from './calls.ts';

export interface ModulesVerbsDeps {
  ready: Promise<void>;
  client: ControlClient;
  capabilities: Capabilities;
}

export function modulesVerbs(deps: ModulesVerbsDeps): RoomdeckApi['modules'] {
  const { client } = deps;
  const { after, learning, command } = serviceCalls(deps.ready, deps.capabilities);
  return {
    list: after((a) =>
      client.listModules({
        q: a.q,
        limit: a.limit,
        offset: a.offset,
        systemId: a.systemId,
        dependencyId: a.dependencyId,
      }),
    ),
    get: after((a) => client.getModule(a.id)),
    create: after(learning('modules.create', (a) => client.createModule(a.module))),
    update: after(learning('modules.update', (a) => client.updateModule(a.id, a.changes))),
    remove: command('modules.remove', (a) => client.deleteModule(a.id)),
    start: command('modules.startStop', (a) => client.startModule(a.id)),
    stop: command('modules.startStop', (a) => client.stopModule(a.id)),
    ping: after(learning('modules.ping', (a) => client.ping(a.id))),
    state: after((a) => client.moduleState(a.id, a.lookup)),
    dependencies: after((a) => client.listDependencies({ q: a.q, limit: a.limit, offset: a.offset })),
  };
}
