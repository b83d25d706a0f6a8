import type { RoomdeckApi } from '../../../contract/verbs.ts';
import type { Clock } from '../../api/clock.ts';
import type { Session } from '../../auth/session.ts';
import type { ResolvedConfig } from '../../config/schema.ts';
import { buildDiagnostics, diagnosticsFileName } from '../../diagnostics/bundle.ts';
import { type DiagnosticsContext, platformOf } from '../../diagnostics/collect.ts';
import type { RoundTripHistogram } from '../../diagnostics/histogram.ts';
import type { PanelEnrolment } from '../../enrolment/enrolment.ts';
import type { LinkHealth } from '../../link/health.ts';
import type { Log } from '../../log/log.ts';
import { afterReady } from './calls.ts';

export interface DiagnosticsVerbsDeps {
  ready: Promise<void>;
  config: ResolvedConfig;
  clock: Clock;
  log: Log;
  /** Its status in the bundle is read once a sign-out under way has finished (Session.settled). */
  session: Pick<Session, 'status' | 'settled'>;
  enrolment: PanelEnrolment;
  link: LinkHealth;
  pollRoundTrips: RoundTripHistogram;
  /** What the bundle says about the host (default: a browser host, no sources). */
  context: DiagnosticsContext | undefined;
}

export function diagnosticsVerbs(deps: DiagnosticsVerbsDeps): RoomdeckApi['diagnostics'] {
  const { config, clock, log, session, enrolment, link, pollRoundTrips, context } = deps;
  const after = afterReady(deps.ready);
  return {
    export: after(async () => {
      await session.settled();
      const now = new Date(clock.now());
      log.info('diagnostics exported');
      const bundle = buildDiagnostics({
        now,
        versions: context?.versions ?? {},
        platform: platformOf(context?.host ?? 'browser-host'),
        // Redacted by buildDiagnostics: secrets show as "[redacted]", never their values.
        config: { ...config },
        configSources: { ...(context?.configSources ?? {}) },
        configProblems: [...(context?.configProblems ?? [])],
        session: { ...session.status(), enrolment: enrolment.view() },
        link: { ...link.view() },
        pollRoundTrips: pollRoundTrips.snapshot(),
        // The browser host has no updater; a desktop app without a feed says `disabled`.
        updates: context?.updates?.() ?? { state: 'not in this host' },
        logLines: log.recent(),
      });
      return { fileName: diagnosticsFileName(now), bundle };
    }),
  };
}
