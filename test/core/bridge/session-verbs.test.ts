import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../contract/types.ts';
import type { Capabilities } from '../../../core/bridge/capabilities.ts';
import { sessionVerbs } from '../../../core/bridge/verbs/session.ts';
import type { LinkHealth } from '../../../core/link/health.ts';
import { sessionSigningOut } from './signing-out.ts';

/*
 * A page loaded while the main process is signing out (its tokens dropped, the vault being wiped)
 * asks for the session's status or its first screen: it is answered once the sign-out says "signed
 * out", never "signed in" a moment before every call it makes is refused.
 */

describe('the session verbs during a sign-out', () => {
  it('answer status and boot only once the sign-out has said so', async () => {
    const { session, said } = sessionSigningOut();
    const opened: string[] = [];
    const verbs = sessionVerbs({
      ready: Promise.resolve(),
      session,
      link: {} as LinkHealth,
      capabilities: {} as Capabilities,
      usesPasswordGrant: false,
      appConfig: () => ({ systemId: 'sys-1' }) as AppConfig,
      openRoom: async (id) => {
        opened.push(id);
        throw new Error('not reached');
      },
    });
    const answers: string[] = [];
    const status = verbs.status({}).then((s) => answers.push(`status ${s.state}`));
    const boot = verbs.boot({}).then((b) => answers.push(`boot ${b.status.state} ${b.opening}`));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answers).toEqual([]);
    said();
    await Promise.all([status, boot]);
    expect(answers.sort()).toEqual(['boot signed-out null', 'status signed-out']);
    // Signed out: no room is opened for the page.
    expect(opened).toEqual([]);
  });
});
