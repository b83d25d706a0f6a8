import { afterAll, beforeAll, expect } from 'vitest';
import { V2 } from '../current/support.ts';
import { type Frame, startRealtimeApi } from '../realtime/support.ts';
import { type Api, type ApiResponse, fakeClock } from './support.ts';

export type State = Record<string, unknown>;

/** A websocket frame that answers the request `id` (not a notification about its binding). */
export const isReply = (id: number) => (f: Frame) => f?.id === id && f.type !== 'notify';

/**
 * One room device (`module`, index 1) driven as a client would over both API generations, on one
 * simulator for the file that also serves the control websocket and runs on a fake clock: the
 * set-up the codec's and the recorder's tests share. Call it at the top of a test file.
 */
export function deviceOverApi(module: string) {
  const clock = fakeClock();
  let started: Api | undefined;
  beforeAll(async () => {
    started = await startRealtimeApi({ roles: ['admin', 'user'], now: clock.now, realtime: { tickMs: 50 } });
  });
  afterAll(() => started?.close());
  const api = (): Api => {
    if (started === undefined) throw new Error('the simulator is started in beforeAll');
    return started;
  };
  return {
    clock,
    api,
    nowS: () => Math.floor(clock.now() / 1000),
    legacyExec: (
      system: string,
      method: string,
      args: unknown[] = [],
      target = module,
    ): Promise<ApiResponse> =>
      api().req('POST', `/api/control/systems/${system}/exec`, { json: { module: target, method, args } }),
    currentExec: (system: string, method: string, args: unknown[] = []): Promise<ApiResponse> =>
      api().req('POST', `${V2}/systems/${system}/${module}_1/${method}`, { as: 'user', json: args }),
    legacyState: async (system: string, target = module): Promise<State> =>
      (await api().req<State>('GET', `/api/control/systems/${system}/state?module=${target}`)).body,
    /** The current generation answers every value JSON-encoded. */
    async currentState(system: string): Promise<State> {
      const res = await api().req<Record<string, string>>('GET', `${V2}/systems/${system}/${module}_1`, {
        as: 'user',
      });
      expect(res.status).toBe(200);
      return Object.fromEntries(Object.entries(res.body).map(([k, v]) => [k, JSON.parse(v)]));
    },
  };
}
