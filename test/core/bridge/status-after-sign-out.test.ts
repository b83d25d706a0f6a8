import { describe, expect, it } from 'vitest';
import { diagnosticsVerbs } from '../../../core/bridge/verbs/diagnostics.ts';
import { enrolmentVerbs } from '../../../core/bridge/verbs/enrolment.ts';
import type { ResolvedConfig } from '../../../core/config/schema.ts';
import { RoundTripHistogram } from '../../../core/diagnostics/histogram.ts';
import type { PanelEnrolment } from '../../../core/enrolment/enrolment.ts';
import type { LinkHealth } from '../../../core/link/health.ts';
import { createMemoryLog } from '../../../core/log/log.ts';
import { sessionSigningOut } from './signing-out.ts';

/*
 * The other answers that carry the session's status (the enrolment's, the diagnostics bundle's)
 * wait, as the session verbs do, for a sign-out under way to say so: never "signed in" in an
 * answer given while the tokens are already gone.
 */

const enrolment = {
  view: () => ({ enrolled: false, enrolling: false, systemId: null }),
  begin: async () => undefined,
  unenrol: async () => undefined,
} as unknown as PanelEnrolment;

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('status in answers during a sign-out', () => {
  it('the enrolment’s begin and unenrol answer once the sign-out has said so', async () => {
    const { session, said } = sessionSigningOut();
    const verbs = enrolmentVerbs({ ready: Promise.resolve(), enrolment, session });
    const answers: string[] = [];
    const begun = verbs.begin({}).then((a) => answers.push(`begin ${a.status.state}`));
    const unenrolled = verbs.unenrol({}).then((a) => answers.push(`unenrol ${a.status.state}`));
    await tick();
    expect(answers).toEqual([]);
    said();
    await Promise.all([begun, unenrolled]);
    expect(answers.sort()).toEqual(['begin signed-out', 'unenrol signed-out']);
  });

  it('the diagnostics bundle is put together once the sign-out has said so', async () => {
    const { session, said } = sessionSigningOut();
    const verbs = diagnosticsVerbs({
      ready: Promise.resolve(),
      config: { dataDir: '/nowhere' } as unknown as ResolvedConfig,
      clock: { now: () => Date.UTC(2026, 10, 29, 20, 0) } as never,
      log: createMemoryLog(),
      session,
      enrolment,
      link: {
        view: () => ({ state: 'live', since: 0, message: 'live', code: null }),
      } as unknown as LinkHealth,
      pollRoundTrips: new RoundTripHistogram(),
      context: undefined,
    });
    let exported: unknown = null;
    const bundle = verbs.export({}).then((answer) => {
      exported = answer.bundle;
    });
    await tick();
    expect(exported).toBeNull();
    said();
    await bundle;
    expect(JSON.stringify(exported)).toContain('"state":"signed-out"');
    expect(JSON.stringify(exported)).not.toContain('"state":"signed-in"');
  });
});
