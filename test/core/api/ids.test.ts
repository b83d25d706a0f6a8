import { describe, expect, it } from 'vitest';
import { ControlClient } from '../../../core/api/client.ts';
import { RoomdeckError } from '../../../core/api/errors.ts';
import { isSafeId, SAFE_ID_PATTERN } from '../../../contract/ids.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { fakeFetch, json } from '../../support/fake-fetch.ts';

const UNSAFE = [
  '',
  '.',
  '..',
  'a/b',
  '/',
  '../sys-1',
  'sys\\1',
  'a\u0000b',
  'line\nbreak',
  'tab\t',
  'del\u007f',
];
const SAFE = ['sys-1', 'mod_2', '...', '.hidden', 'a..b', 'Ünïcode', '%2e%2e', 'sys 1', '?#&'];

describe('ids as URL path segments', () => {
  it('refuses ".", "..", empty ids and ids holding "/", "\\" or control characters', () => {
    for (const id of UNSAFE) expect(isSafeId(id), JSON.stringify(id)).toBe(false);
    for (const id of SAFE) expect(isSafeId(id), JSON.stringify(id)).toBe(true);
  });

  it('says the same as the schema pattern the bridge validates with', () => {
    const pattern = new RegExp(SAFE_ID_PATTERN);
    for (const id of [...UNSAFE, ...SAFE]) expect(pattern.test(id), JSON.stringify(id)).toBe(isSafeId(id));
  });

  it('keeps the client from building a URL out of an unsafe id: nothing is sent', async () => {
    const fetch = fakeFetch(() => json({}));
    const client = new ControlClient({
      baseUrl: 'https://control.example.org',
      auth: { getAccessToken: async () => 'access', onUnauthorized: async () => undefined },
      timeoutMs: 1_000,
      fetch,
      clock: new FakeClock(),
    });
    const calls = [
      (id: string) => client.getSystem(id),
      (id: string) => client.getSystemDetail(id),
      (id: string) => client.deleteSystem(id),
      (id: string) => client.startSystem(id),
      (id: string) => client.exec(id, { module: 'Display', index: 1, method: 'power', args: [true] }),
      (id: string) => client.getModule(id),
      (id: string) => client.deleteModule(id),
      (id: string) => client.moduleState(id),
    ];
    for (const id of ['.', '..', 'a/../b']) {
      for (const call of calls) {
        const err = await call(id).then(
          () => null,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(RoomdeckError);
        expect((err as RoomdeckError).code).toBe('ROOMDECK_NOT_FOUND');
      }
    }
    expect(fetch.calls).toEqual([]);
  });
});
