import type { SessionStatus } from '../../../contract/types.ts';
import type { Session } from '../../../core/auth/session.ts';

/**
 * A session whose sign-out is under way until `said()`: its tokens already gone, its status still
 * "signed in" until then, and `settled()` resolving only then (core/auth/session.ts).
 */
export function sessionSigningOut(): { session: Session; said: () => void } {
  let state: SessionStatus['state'] = 'signed-in';
  let said: () => void = () => undefined;
  const saying = new Promise<void>((resolve) => {
    said = () => {
      state = 'signed-out';
      resolve();
    };
  });
  const session = {
    status: (): SessionStatus => ({ state, reason: null, server: 'http://127.0.0.1:1' }),
    settled: () => saying,
  } as unknown as Session;
  return { session, said: () => said() };
}
