import { redact, redactText } from '../log/redact.ts';

/**
 * One file a technician exports from a panel and sends on: what ran, how it was configured and
 * from where, what it logged lately, how its link behaved. Built from plain inputs (the caller
 * gathers them), and passed through the log's redaction, so no token, password, PIN or client
 * secret can be in it whatever the caller hands over.
 */

export interface DiagnosticsInput {
  now: Date;
  versions: Record<string, string | undefined>;
  platform: { os: string; release: string; arch: string; host: 'electron' | 'browser-host' };
  config: Record<string, unknown>;
  configSources: Record<string, string>;
  configProblems: string[];
  session: Record<string, unknown>;
  link: Record<string, unknown>;
  pollRoundTrips: Record<string, unknown>;
  /** The update controller's status, or why there is none. */
  updates: unknown;
  logLines: string[];
}

export interface DiagnosticsBundle {
  kind: 'roomdeck-diagnostics';
  format: 1;
  createdAt: string;
  versions: Record<string, string | undefined>;
  platform: DiagnosticsInput['platform'];
  configuration: { effective: unknown; sources: Record<string, string>; problems: string[] };
  session: unknown;
  link: unknown;
  pollRoundTrips: unknown;
  updates: unknown;
  lastErrors: unknown[];
  log: unknown[];
}

const LOG_LINES = 500;
const LAST_ERRORS = 20;

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return { raw: line };
  }
}

export function buildDiagnostics(input: DiagnosticsInput): DiagnosticsBundle {
  const log = input.logLines.slice(-LOG_LINES).map(parseLine);
  const lastErrors = log
    .filter(
      (entry) =>
        typeof entry === 'object' && entry !== null && (entry as { level?: unknown }).level === 'error',
    )
    .slice(-LAST_ERRORS);
  const bundle = redact({
    kind: 'roomdeck-diagnostics',
    format: 1,
    createdAt: input.now.toISOString(),
    versions: input.versions,
    platform: input.platform,
    configuration: { effective: input.config, sources: {}, problems: input.configProblems },
    session: input.session,
    link: input.link,
    pollRoundTrips: input.pollRoundTrips,
    updates: input.updates,
    lastErrors,
    log,
  }) as DiagnosticsBundle;
  // Sources name where a value came from, never the value: "clientSecret" keeps its source (that is
  // what a technician needs to find it), scrubbed as text like any other line.
  bundle.configuration.sources = Object.fromEntries(
    Object.entries(input.configSources).map(([key, source]) => [key, redactText(source)]),
  );
  return bundle;
}

/** The bundle's file name: product, time, no spaces or colons (every platform can save it). */
export const diagnosticsFileName = (now: Date): string =>
  `roomdeck-diagnostics-${now.toISOString().replace(/[:.]/g, '-')}.json`;
