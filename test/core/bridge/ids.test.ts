import { describe, expect, it } from 'vitest';
import { dispatch, INVALID_ARGS, resolveVerb } from '../../../core/bridge/validate.ts';
import { type FakeApiLog, fakeApi, sampleArgs } from '../../support/fake-api.ts';

/** Every verb argument that names a system or module by id, and the field holding it. */
const ID_ARGUMENTS: [verb: string, field: string][] = [
  ['systems.get', 'id'],
  ['systems.update', 'id'],
  ['systems.remove', 'id'],
  ['systems.start', 'id'],
  ['systems.stop', 'id'],
  ['systems.exec', 'id'],
  ['systems.state', 'id'],
  ['systems.funcs', 'id'],
  ['systems.count', 'id'],
  ['systems.types', 'id'],
  ['modules.get', 'id'],
  ['modules.update', 'id'],
  ['modules.remove', 'id'],
  ['modules.start', 'id'],
  ['modules.stop', 'id'],
  ['modules.ping', 'id'],
  ['modules.state', 'id'],
  ['config.chooseSystem', 'systemId'],
];

describe('bridge ids', () => {
  it('refuses ".", ".." and ids holding "/", "\\" or control characters with INVALID_ARGS, without calling the api', async () => {
    const log: FakeApiLog = { calls: [] };
    const api = fakeApi(log);
    for (const [name, field] of ID_ARGUMENTS) {
      const [domain = '', verb = ''] = name.split('.');
      const target = resolveVerb(api, domain, verb);
      expect(target, name).not.toBeNull();
      for (const bad of ['.', '..', '../sys-1', 'a/b', 'a\\b', 'a\u0000b', 'a\nb']) {
        const args = { ...(sampleArgs[name] as object), [field]: bad };
        const answer = await dispatch(target!, args);
        expect(answer.ok, `${name} ${JSON.stringify(bad)}`).toBe(false);
        if (answer.ok) continue;
        expect(answer.error.code).toBe(INVALID_ARGS);
        expect(answer.error.message).toContain(`"${field}" is not a valid id`);
      }
    }
    expect(log.calls).toEqual([]);
  });

  it('still takes ordinary ids, dots inside included', async () => {
    const log: FakeApiLog = { calls: [] };
    const api = fakeApi(log);
    for (const id of ['sys-1', 'a..b', '...', '.hidden']) {
      const answer = await dispatch(resolveVerb(api, 'systems', 'get')!, { id });
      expect(answer.ok, id).toBe(true);
    }
    expect(log.calls).toHaveLength(4);
  });
});
