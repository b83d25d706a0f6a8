import type { RoomdeckApi } from '../../../contract/verbs.ts';
import type { ControlClient } from '../../api/client.ts';
import type { Capabilities } from '../capabilities.ts';
import { afterReady, learningInto } from './calls.ts';

export interface ModulesVerbsDeps {
  ready: Promise<void>;
  client: ControlClient;
  capabilities: Capabilities;
}

export function modulesVerbs(deps: ModulesVerbsDeps): RoomdeckApi['modules'] {
  const { client } = deps;
  const after = afterReady(deps.ready);
  const learning = learningInto(deps.capabilities);
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
    remove: after(
      learning('modules.remove', async (a) => {
        await client.deleteModule(a.id);
        return null;
      }),
    ),
    start: after(
      learning('modules.startStop', async (a) => {
        await client.startModule(a.id);
        return null;
      }),
    ),
    stop: after(
      learning('modules.startStop', async (a) => {
        await client.stopModule(a.id);
        return null;
      }),
    ),
    ping: after(learning('modules.ping', (a) => client.ping(a.id))),
    state: after((a) => client.moduleState(a.id, a.lookup)),
    dependencies: after((a) => client.listDependencies({ q: a.q, limit: a.limit, offset: a.offset })),
  };
}
