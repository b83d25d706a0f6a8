import { readFileSync } from 'node:fs';
import { arch, release } from 'node:os';
import type { ResolvedConfig } from '../config/schema.ts';
import type { Log } from '../log/log.ts';

/** What only the process that starts Roomdeck knows, for the diagnostics bundle. */
export interface DiagnosticsContext {
  host: 'electron' | 'browser-host';
  /** Roomdeck's version and the runtime's (Electron, Chromium, Node). */
  versions: Record<string, string | undefined>;
  /** Where each configuration value came from (loadConfig's `sources`). */
  configSources: Readonly<Record<string, string>>;
  /** Problems with the current configuration when the last good one is in use. */
  configProblems: readonly string[];
  /** Where updates stand (Electron with a feed configured); absent: this host has no updates. */
  updates?: () => unknown;
}

export const platformOf = (host: DiagnosticsContext['host']) => ({
  os: process.platform,
  release: release(),
  arch: arch(),
  host,
});

/** Logs where Roomdeck starts: versions, platform and where each configuration value came from. */
export function logStart(log: Log, config: ResolvedConfig, context: DiagnosticsContext): void {
  // The previous run's last word: anything but a clean stop means it crashed or lost power.
  const lastEvent = log.file === null ? null : lastEventIn(log.file);
  if (lastEvent !== null && lastEvent !== STOPPED) {
    log.warn('recovered: the previous run ended without stopping (a crash or power loss)', { lastEvent });
  }
  log.info('roomdeck started', {
    versions: context.versions,
    platform: platformOf(context.host),
    dataDir: config.dataDir,
    serverUrl: config.serverUrl,
    kiosk: config.kiosk,
  });
  log.info('configuration sources', { sources: context.configSources });
  for (const problem of context.configProblems) log.error('configuration problem', { problem });
}

/** The event a clean shutdown logs last; both hosts log it as they stop. */
export const STOPPED = 'roomdeck stopped';

function lastEventIn(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const line = text.trimEnd().split('\n').at(-1) ?? '';
  if (line === '') return null;
  try {
    const event = (JSON.parse(line) as { event?: unknown }).event;
    return typeof event === 'string' ? event : '(unreadable)';
  } catch {
    return '(unreadable)';
  }
}
