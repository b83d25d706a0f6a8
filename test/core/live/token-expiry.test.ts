import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contract/error-codes.ts';
import { SOCKET_PATHS } from '../../../core/live/index.ts';
import { type Api, fakeClock, SYS } from '../../simulator/api/support.ts';
import { startRealtimeApi } from '../../simulator/realtime/support.ts';
import { type Harness, httpExec, isMode, isState, startFeeds } from './support.ts';

/**
 * The service closes a socket when the token it was opened with expires (4401). The panel's client
 * takes that as it takes a revocation: a renewed token, straight back (no back-off), every value
 * read fresh before it is shown live again, and never a sign-out.
 */

const DISPLAY = { module: 'Display', index: 1 };
const TTL_SECONDS = 60;

const serviceClock = fakeClock(Date.now());
let api: Api;
const running: Harness[] = [];

/** Another client's press, signed in afresh: the service's clock moves past every older token. */
async function press(power: boolean): Promise<void> {
  api.tokens.admin = await api.login('admin');
  await httpExec(api, SYS.huddle, 'Display', 'power', [power]);
}

beforeAll(async () => {
  api = await startRealtimeApi({
    now: serviceClock.now,
    tokenTtlSeconds: TTL_SECONDS,
    realtime: { pongEveryMs: 0, tickMs: 20 },
  });
});
afterAll(async () => {
  for (const h of running.splice(0)) await h.feeds.close();
  await api.close();
});

describe.each(Object.entries(SOCKET_PATHS))(
  'a socket closed at its token’s expiry (%s route)',
  (_g, socketPath) => {
    it('reconnects with a renewed token and comes back to push with fresh values', async () => {
      await press(true);
      const token = await api.login('user');
      const h = startFeeds(api, { socketPath, token });
      running.push(h);
      h.feeds.watch('watcher-expiry', SYS.huddle, [DISPLAY]);
      await h.events.next(isMode('push'), 'push mode');
      await h.events.next(isState('Display'), 'the first state');
      const since = h.events.mark();

      serviceClock.advance((TTL_SECONDS + 1) * 1000);
      const polling = await h.events.next(isMode('polling'), 'polling mode at the expiry');
      expect(polling.reason).toBe(ErrorCode.ROOMDECK_CREDENTIALS_REFUSED);
      await h.events.next(isMode('push'), 'push again');
      const fresh = await h.events.next(isState('Display'), 'the fresh state');
      expect(fresh.state).toEqual(await h.http.systemState(SYS.huddle, DISPLAY));
      expect(h.events.all.slice(since).some((e) => e.type === 'stale' && e.module === 'Display')).toBe(true);
      expect(h.tokens.unauthorized).toContain(token);
      expect(h.tokens.token).not.toBe(token);
      expect(h.tokens.refused).toEqual([]);
      // Live on the new socket: another client's change arrives.
      await press(false);
      await h.events.next(
        isState('Display', (s) => s.power === false),
        'a change after the reconnect',
      );
    });
  },
);
