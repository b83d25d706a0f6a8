import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { parsePinHash } from '../technician/pin.ts';
import type { Env } from './defaults.ts';
import { checkLanguageSettings } from './language.ts';
import { dotted } from './layers.ts';
import { ConfigInvalidError, type ConfigProblem } from './problems.ts';
import { ResolvedConfig } from './schema.ts';
import { checkServerUrl, isLoopbackHost } from './urls.ts';

/**
 * From the merged layers to the configuration: what only the command line decides (how to run),
 * the service Roomdeck talks to, the checks across settings, then the schema. Pure: the merged
 * value in, the configuration or every problem out.
 */

export interface LoadedConfig {
  config: ResolvedConfig;
  /** `--browser-host`: serve in a browser even when Electron is installed. */
  browserHost: boolean;
  /** `--demo`: run the demo building when no service is configured (service.ts decides). */
  demo: boolean;
  /** The user's config file that was read, if any. */
  configFile: string | null;
  /** The machine-wide file that was read, if any. */
  machineFile: string | null;
  /** Where each setting's value came from ("default", "config file /etc/roomdeck/config.json line 3", …). */
  sources: Readonly<Record<string, string>>;
}

/** Set by `npm start` for the Electron it spawns: the simulator it started for it. */
export const EMBEDDED_SIMULATOR_ENV = 'ROOMDECK_EMBEDDED_SIMULATOR_URL';

/** Keys that steer the start, not the configuration: they are taken out of it. */
const LAUNCH_KEYS = new Set(['browserHost', 'demo', 'configFile']);

type Sources = ReadonlyMap<string, string>;
const problem = (key: string, sources: Sources, message: string): ConfigProblem => ({
  key,
  source: sources.get(key) ?? '',
  message,
});

export interface ResolveContext {
  env: Env;
  cwd: string;
  configFile: string | null;
  machineFile: string | null;
}

/** `problems`: those the sources already had; throws ConfigInvalidError when there are any. */
export function resolveMerged(
  value: Record<string, unknown>,
  sources: Map<string, string>,
  problems: readonly ConfigProblem[],
  context: ResolveContext,
): LoadedConfig {
  const browserHost = value.browserHost === true;
  const demo = value.demo === true;
  for (const key of LAUNCH_KEYS) delete value[key];
  if (typeof value.dataDir === 'string') value.dataDir = path.resolve(context.cwd, value.dataDir);

  const all = [
    ...problems,
    ...chooseServer(value, sources, context.env),
    ...checkEndSession(value, sources),
    ...checkUpdates(value, sources),
    ...checkLive(value, sources),
    ...checkService(value, sources),
    ...checkLanguageSettings(value, sources),
    ...checkAcrossSettings(value, sources),
  ];
  if (all.length === 0) all.push(...schemaProblems(value, sources));
  if (all.length > 0) throw new ConfigInvalidError(all);
  return {
    config: value as ResolvedConfig,
    browserHost,
    demo,
    configFile: context.configFile,
    machineFile: context.machineFile,
    sources: Object.fromEntries([...sources].filter(([key]) => !LAUNCH_KEYS.has(key))),
  };
}

/** A configured service, checked; without one, the embedded simulator `npm start` runs (and says where). */
function chooseServer(value: Record<string, unknown>, sources: Sources, env: Env): ConfigProblem[] {
  if (typeof value.serverUrl === 'string') {
    value.embeddedSimulator = false;
    const checked = checkServerUrl(value.serverUrl);
    if ('error' in checked) return [problem('serverUrl', sources, checked.error)];
    value.serverUrl = checked.url;
    return [];
  }
  value.serverUrl = '';
  value.embeddedSimulator = true;
  const embeddedUrl = env[EMBEDDED_SIMULATOR_ENV];
  if (embeddedUrl === undefined || embeddedUrl === '') return [];
  const checked = checkServerUrl(embeddedUrl);
  if ('url' in checked && isLoopbackHost(new URL(checked.url).hostname)) {
    value.serverUrl = checked.url;
    return [];
  }
  return [
    {
      key: 'serverUrl',
      source: `environment variable ${EMBEDDED_SIMULATOR_ENV}`,
      message: 'must be the loopback URL of the embedded simulator',
    },
  ];
}

function checkEndSession(value: Record<string, unknown>, sources: Sources): ConfigProblem[] {
  if (typeof value.endSessionUrl !== 'string') return [];
  const checked = checkServerUrl(value.endSessionUrl);
  if ('error' in checked) return [problem('endSessionUrl', sources, checked.error)];
  value.endSessionUrl = checked.url;
  return [];
}

const UPDATE_CHANNELS: readonly string[] = ['stable', 'beta'];

/** The update feed must be a URL Roomdeck may trust to name its next version; the channel one it knows. */
function checkUpdates(value: Record<string, unknown>, sources: Sources): ConfigProblem[] {
  const updates = value.updates as { url?: unknown; channel?: unknown } | undefined;
  if (updates === undefined) return [];
  const problems: ConfigProblem[] = [];
  if (typeof updates.url === 'string') {
    const checked = checkServerUrl(updates.url, 'the update feed');
    if ('error' in checked) problems.push(problem('updates.url', sources, checked.error));
    else updates.url = checked.url;
  }
  if (updates.channel !== undefined && !UPDATE_CHANNELS.includes(updates.channel as string)) {
    const got = JSON.stringify(updates.channel);
    problems.push(problem('updates.channel', sources, `must be "stable" or "beta" (got ${got})`));
  }
  return problems;
}

/** `service.live` in words an installer can act on (the schema would only say "union"). */
function checkLive(value: Record<string, unknown>, sources: Sources): ConfigProblem[] {
  const live = (value.service as { live?: unknown } | undefined)?.live;
  if (live === undefined || live === 'on' || live === 'off') return [];
  return [problem('service.live', sources, `must be "on" or "off" (got ${JSON.stringify(live)})`)];
}

const API_CHOICES: readonly string[] = ['legacy', 'current', 'auto'];

/** `service.api`: one of the generations Roomdeck speaks, or `auto`. */
function checkService(value: Record<string, unknown>, sources: Sources): ConfigProblem[] {
  const service = value.service as { api?: unknown } | undefined;
  if (service?.api === undefined || API_CHOICES.includes(service.api as string)) return [];
  const got = JSON.stringify(service.api);
  return [problem('service.api', sources, `must be "legacy", "current" or "auto" (got ${got})`)];
}

/** Settings that are valid alone but not together, or valid JSON but not safe. */
function checkAcrossSettings(value: Record<string, unknown>, sources: Sources): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (value.serviceAccount !== undefined && value.clientSecret === undefined) {
    const message = 'needs clientSecret too: the password grant is for confidential clients only';
    problems.push(problem('serviceAccount', sources, message));
  }
  // A PIN in clear (or a mangled hash) must stop the installer here, not silently hide the tools.
  if (typeof value.technicianPin === 'string') {
    const parsed = parsePinHash(value.technicianPin);
    if ('error' in parsed) problems.push(problem('technicianPin', sources, parsed.error));
  }
  const host = value.host as { address?: unknown } | undefined;
  if (typeof host?.address === 'string' && !isLoopbackHost(host.address)) {
    const message = `must be a loopback address such as 127.0.0.1: the browser host has no TLS (got ${host.address})`;
    problems.push(problem('host.address', sources, message));
  }
  return problems;
}

/** The schema's word on what is left, one problem a key; a group's key falls back to the group's source. */
function schemaProblems(value: Record<string, unknown>, sources: Sources): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const seen = new Set<string>();
  for (const error of Value.Errors(ResolvedConfig, value)) {
    const key = dotted(error.path);
    if (seen.has(key)) continue;
    seen.add(key);
    const source = sources.get(key) ?? sources.get(key.split('.')[0] ?? '') ?? 'default';
    problems.push({ key, source, message: error.message });
  }
  return problems;
}
