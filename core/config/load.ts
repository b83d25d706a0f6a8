import { ErrorCode } from '../../contract/error-codes.ts';
import { readFileSync, statSync } from 'node:fs';
import { homedir as osHomedir } from 'node:os';
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { findNodeAtLocation, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import { ConfigError } from '../api/errors.ts';
import { PanelTimers, PollSettings } from '../../contract/config.ts';
import { parsePinHash } from '../technician/pin.ts';
import { ResolvedConfig } from './schema.ts';

/**
 * Roomdeck's configuration from, lowest to highest precedence: defaults, the machine-wide file that
 * IT manages (`machineConfigFile`), the user's file (`<data dir>/config.json` or `--config`),
 * environment variables, command-line flags. Every problem names the key, where its value came from
 * (file and line) and what is wrong, and all problems are reported at once, so an installer fixes
 * them in one pass. A file holding a secret must be readable by its owner only.
 */

export interface ConfigProblem {
  key: string;
  source: string;
  message: string;
}

export class ConfigInvalidError extends ConfigError {
  override name = 'ConfigInvalidError';
  readonly problems: readonly ConfigProblem[];
  constructor(problems: readonly ConfigProblem[]) {
    super({ details: { problems } });
    this.problems = problems;
    this.message = [
      `${ErrorCode.ROOMDECK_CONFIG_INVALID}: Roomdeck's configuration is not valid:`,
      ...problems.map((p) => `  - ${p.key} (${p.source}): ${p.message}`),
    ].join('\n');
  }
}

export interface LoadConfigInput {
  /** Command-line arguments after the program (and, in Electron, the app path). */
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  platform?: NodeJS.Platform;
  homedir?: string;
  cwd?: string;
  /** The file's text, or null when it does not exist. */
  readFile?: (file: string) => string | null;
  /** POSIX permission bits of a file (null where they mean nothing, e.g. Windows). */
  fileMode?: (file: string) => number | null;
  /** The machine-wide file; default: the platform's place (`machineConfigFile`). */
  machineFile?: string | null;
  /** Electron and Chromium add switches of their own; the npm entry rejects unknown flags. */
  unknownFlags?: 'error' | 'ignore';
}

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

/** Where IT puts settings for every account on a machine (the installers create the folder). */
export function machineConfigFile(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
): string {
  if (platform === 'win32')
    return path.win32.join(env.ProgramData || 'C:\\ProgramData', 'Roomdeck', 'config.json');
  if (platform === 'darwin') return '/Library/Application Support/Roomdeck/config.json';
  return '/etc/roomdeck/config.json';
}

/** Set by `npm start` for the Electron it spawns: the simulator it started for it. */
export const EMBEDDED_SIMULATOR_ENV = 'ROOMDECK_EMBEDDED_SIMULATOR_URL';

export const DEFAULTS = {
  clientId: 'roomdeck',
  scope: 'public',
  poll: { fastMs: 250, fastForMs: 5000, idleMs: 2000, idleAfterMs: 120_000, probeMs: 2500, rarelyMs: 60_000 },
  // Campus AV standards switch an unused room off after 3–4 hours.
  panel: { screensaverAfterS: 120, stillUsingAfterS: 3 * 3600, stillUsingAnswerS: 60 },
  requestTimeoutMs: 8000,
  kiosk: false,
  allowInsecureVault: false,
  systemId: null,
  host: { address: '127.0.0.1', port: 0 },
} as const;

/** Where Electron keeps "userData" for an app named Roomdeck, so both entries share one directory. */
export function defaultDataDir(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
  home: string,
): string {
  if (platform === 'win32')
    return path.win32.join(env.APPDATA || path.win32.join(home, 'AppData', 'Roaming'), 'Roomdeck');
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support', 'Roomdeck');
  return path.posix.join(env.XDG_CONFIG_HOME || path.posix.join(home, '.config'), 'Roomdeck');
}

type Entry = { value: unknown; source: string };
/** Settings that are objects of their own, merged key by key across layers. */
const GROUPS = new Set(['poll', 'host', 'panel', 'updates']);
/** One source's settings, by dotted key (`poll.fastMs`, `host.port`). */
type Layer = Map<string, Entry>;

interface Flag {
  key: string;
  takes: 'string' | 'integer' | 'boolean';
}
const FLAGS: Readonly<Record<string, Flag>> = {
  '--server': { key: 'serverUrl', takes: 'string' },
  '--client-id': { key: 'clientId', takes: 'string' },
  '--system': { key: 'systemId', takes: 'string' },
  '--kiosk': { key: 'kiosk', takes: 'boolean' },
  '--hide-cursor': { key: 'hideCursor', takes: 'boolean' },
  '--support-contact': { key: 'supportContact', takes: 'string' },
  '--port': { key: 'host.port', takes: 'integer' },
  '--data-dir': { key: 'dataDir', takes: 'string' },
  '--allow-insecure-vault': { key: 'allowInsecureVault', takes: 'boolean' },
  '--config': { key: 'configFile', takes: 'string' },
  '--browser-host': { key: 'browserHost', takes: 'boolean' },
  '--demo': { key: 'demo', takes: 'boolean' },
  '--screensaver-after': { key: 'panel.screensaverAfterS', takes: 'integer' },
  '--still-using-after': { key: 'panel.stillUsingAfterS', takes: 'integer' },
  '--still-using-answer': { key: 'panel.stillUsingAnswerS', takes: 'integer' },
  '--technician-pin': { key: 'technicianPin', takes: 'string' },
  '--technician-idle': { key: 'technicianIdleS', takes: 'integer' },
  '--update-url': { key: 'updates.url', takes: 'string' },
  '--update-channel': { key: 'updates.channel', takes: 'string' },
};

const ENV: Readonly<Record<string, Flag>> = {
  ROOMDECK_CONFIG: { key: 'configFile', takes: 'string' },
  ROOMDECK_SERVER_URL: { key: 'serverUrl', takes: 'string' },
  ROOMDECK_CLIENT_ID: { key: 'clientId', takes: 'string' },
  ROOMDECK_CLIENT_SECRET: { key: 'clientSecret', takes: 'string' },
  ROOMDECK_SCOPE: { key: 'scope', takes: 'string' },
  ROOMDECK_END_SESSION_URL: { key: 'endSessionUrl', takes: 'string' },
  ROOMDECK_SYSTEM_ID: { key: 'systemId', takes: 'string' },
  ROOMDECK_KIOSK: { key: 'kiosk', takes: 'boolean' },
  ROOMDECK_HIDE_CURSOR: { key: 'hideCursor', takes: 'boolean' },
  ROOMDECK_SUPPORT_CONTACT: { key: 'supportContact', takes: 'string' },
  ROOMDECK_DATA_DIR: { key: 'dataDir', takes: 'string' },
  ROOMDECK_PORT: { key: 'host.port', takes: 'integer' },
  ROOMDECK_ALLOW_INSECURE_VAULT: { key: 'allowInsecureVault', takes: 'boolean' },
  ROOMDECK_REQUEST_TIMEOUT_MS: { key: 'requestTimeoutMs', takes: 'integer' },
  ROOMDECK_TECHNICIAN_PIN: { key: 'technicianPin', takes: 'string' },
  ROOMDECK_TECHNICIAN_IDLE_S: { key: 'technicianIdleS', takes: 'integer' },
  ROOMDECK_UPDATE_URL: { key: 'updates.url', takes: 'string' },
  ROOMDECK_UPDATE_CHANNEL: { key: 'updates.channel', takes: 'string' },
};

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

function parseValue(flag: Flag, raw: string): { value: unknown } | { error: string } {
  if (flag.takes === 'string') return raw === '' ? { error: 'must not be empty' } : { value: raw };
  if (flag.takes === 'integer') {
    return /^\d+$/.test(raw) ? { value: Number(raw) } : { error: `must be a whole number (got "${raw}")` };
  }
  const lower = raw.toLowerCase();
  if (TRUE.has(lower)) return { value: true };
  if (FALSE.has(lower)) return { value: false };
  return { error: `must be true or false (1/0, yes/no; got "${raw}")` };
}

function readFlags(argv: readonly string[], unknown: 'error' | 'ignore', problems: ConfigProblem[]): Layer {
  const layer: Layer = new Map();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const flag = FLAGS[name];
    if (flag === undefined) {
      if (unknown === 'error') {
        const what = arg.startsWith('-') ? 'is not an option Roomdeck knows' : 'is not expected here';
        problems.push({
          key: arg,
          source: 'command line',
          message: `${what} (options: ${Object.keys(FLAGS).join(' ')})`,
        });
      }
      continue;
    }
    const source = `flag ${name}`;
    let raw: string | undefined;
    if (eq > 0 && name !== arg) raw = arg.slice(eq + 1);
    else if (flag.takes === 'boolean') raw = 'true';
    else {
      raw = argv[i + 1];
      if (raw === undefined || raw.startsWith('--')) {
        problems.push({
          key: flag.key,
          source,
          message: `needs a value (${name} ${flag.takes === 'integer' ? 'N' : 'VALUE'})`,
        });
        continue;
      }
      i++;
    }
    const parsed = parseValue(flag, raw);
    if ('error' in parsed) problems.push({ key: flag.key, source, message: parsed.error });
    else layer.set(flag.key, { value: parsed.value, source });
  }
  return layer;
}

function readEnv(env: LoadConfigInput['env'], problems: ConfigProblem[]): Layer {
  const layer: Layer = new Map();
  for (const [name, flag] of Object.entries(ENV)) {
    const raw = env[name];
    // An empty variable is how shells and service managers say "unset".
    if (raw === undefined || raw === '') continue;
    const source = `environment variable ${name}`;
    const parsed = parseValue(flag, raw);
    if ('error' in parsed) problems.push({ key: flag.key, source, message: parsed.error });
    else layer.set(flag.key, { value: parsed.value, source });
  }
  return layer;
}

/** What a config file may set: any part of the configuration except what Roomdeck decides itself. */
const FileConfig = Type.Object(
  {
    serverUrl: Type.Optional(ResolvedConfig.properties.serverUrl),
    clientId: Type.Optional(ResolvedConfig.properties.clientId),
    clientSecret: Type.Optional(Type.String({ minLength: 1 })),
    scope: Type.Optional(ResolvedConfig.properties.scope),
    serviceAccount: Type.Optional(
      Type.Object(
        {
          username: Type.String({ minLength: 1 }),
          password: Type.String({ minLength: 1 }),
          authority: Type.Optional(Type.String({ minLength: 1 })),
        },
        { additionalProperties: false },
      ),
    ),
    systemId: Type.Optional(ResolvedConfig.properties.systemId),
    kiosk: Type.Optional(Type.Boolean()),
    technicianPin: Type.Optional(Type.String({ minLength: 1 })),
    technicianIdleS: Type.Optional(ResolvedConfig.properties.technicianIdleS),
    hideCursor: Type.Optional(Type.Boolean()),
    supportContact: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    poll: Type.Optional(Type.Partial(PollSettings, { additionalProperties: false })),
    panel: Type.Optional(Type.Partial(PanelTimers, { additionalProperties: false })),
    allowInsecureVault: Type.Optional(Type.Boolean()),
    dataDir: Type.Optional(Type.String({ minLength: 1 })),
    requestTimeoutMs: Type.Optional(ResolvedConfig.properties.requestTimeoutMs),
    host: Type.Optional(Type.Partial(ResolvedConfig.properties.host, { additionalProperties: false })),
    updates: Type.Optional(
      Type.Object(
        { url: Type.Optional(Type.String({ minLength: 1 })), channel: Type.Optional(Type.String()) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

const dotted = (pointer: string): string => pointer.split('/').slice(1).join('.');

/** Settings that are credentials: a file holding one must not be readable by other users. */
const SECRET_SETTINGS = [['clientSecret'], ['serviceAccount', 'password'], ['technicianPin']] as const;

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function readConfigFile(
  file: string,
  text: string,
  mode: number | null,
  problems: ConfigProblem[],
  label = 'config file',
): Layer {
  const layer: Layer = new Map();
  const source = `${label} ${file}`;
  const syntax: ParseError[] = [];
  const tree = parseTree(text, syntax, { allowTrailingComma: false, disallowComments: true });
  const first = syntax[0];
  if (first !== undefined || tree === undefined) {
    const line = first === undefined ? 1 : lineOf(text, first.offset);
    const what = first === undefined ? 'is empty' : `is not valid JSON (${printParseErrorCode(first.error)})`;
    problems.push({ key: '(file)', source: `${source} line ${line}`, message: what });
    return layer;
  }
  const data: unknown = JSON.parse(text);
  const at = (pointer: string): string => {
    const location = pointer
      .split('/')
      .slice(1)
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    let node = findNodeAtLocation(tree, location);
    // A missing or unexpected key: point at the nearest enclosing value that exists.
    while (node === undefined && location.length > 0) {
      location.pop();
      node = findNodeAtLocation(tree, location);
    }
    const offset = node?.parent?.type === 'property' ? node.parent.offset : (node?.offset ?? 0);
    return `${source} line ${lineOf(text, offset)}`;
  };
  const errors = [...Value.Errors(FileConfig, data)];
  if (errors.length > 0) {
    const seen = new Set<string>();
    for (const error of errors) {
      const key = dotted(error.path) || '(file)';
      if (seen.has(key)) continue;
      seen.add(key);
      const message =
        error.message === 'Unexpected property' ? 'is not a setting Roomdeck knows' : error.message;
      problems.push({ key, source: at(error.path), message });
    }
    return layer;
  }
  const record = data as Record<string, unknown>;
  if (mode !== null && (mode & 0o077) !== 0) {
    for (const keys of SECRET_SETTINGS) {
      let value: unknown = record;
      for (const k of keys) value = (value as Record<string, unknown> | undefined)?.[k];
      if (value === undefined) continue;
      const key = keys.join('.');
      problems.push({
        key,
        source: at(`/${keys.join('/')}`),
        message: `is a secret, but the file can be read by other users (mode ${(mode & 0o777).toString(8)}): make it readable by its owner only (chmod 600), or provision the secret into the vault`,
      });
    }
    if (problems.some((p) => p.source.startsWith(source))) return layer;
  }
  for (const [key, value] of Object.entries(record)) {
    if (GROUPS.has(key) && typeof value === 'object' && value !== null) {
      for (const [inner, v] of Object.entries(value))
        layer.set(`${key}.${inner}`, { value: v, source: at(`/${key}/${inner}`) });
    } else layer.set(key, { value, source: at(`/${key}`) });
  }
  return layer;
}

function defaultsLayer(dataDir: string): Layer {
  const source = 'default';
  const layer: Layer = new Map();
  const { poll, host, panel, ...flat } = DEFAULTS;
  for (const [key, value] of Object.entries(flat)) layer.set(key, { value, source });
  for (const [key, value] of Object.entries(poll)) layer.set(`poll.${key}`, { value, source });
  for (const [key, value] of Object.entries(panel)) layer.set(`panel.${key}`, { value, source });
  for (const [key, value] of Object.entries(host)) layer.set(`host.${key}`, { value, source });
  layer.set('dataDir', { value: dataDir, source });
  return layer;
}

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);
export const isLoopbackHost = (hostname: string): boolean =>
  LOOPBACK_HOSTS.has(hostname.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(hostname);

/** The service's base URL, or why it cannot be one. http is allowed only on this computer. */
export function checkServerUrl(raw: string, what = 'the service'): { url: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: `is not a URL (got "${raw}")` };
  }
  if (url.username !== '' || url.password !== '')
    return { error: 'must not contain a user name or password' };
  if (url.search !== '' || url.hash !== '') return { error: 'must not have a query or fragment' };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { error: `must use https unless ${what} runs on this computer (got ${url.origin})` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { error: `must be an https URL (got ${url.protocol})` };
  return { url: url.href.replace(/\/+$/, '') };
}

/** Builds the nested object from dotted keys, later layers winning. */
function merge(layers: readonly Layer[]): { value: Record<string, unknown>; sources: Map<string, string> } {
  const flat: Layer = new Map();
  for (const layer of layers) for (const [key, entry] of layer) flat.set(key, entry);
  const value: Record<string, unknown> = {};
  const sources = new Map<string, string>();
  for (const [key, entry] of flat) {
    sources.set(key, entry.source);
    const [outer, inner] = key.split('.');
    if (outer === undefined) continue;
    if (inner === undefined) value[outer] = entry.value;
    else {
      const nested = (value[outer] ?? {}) as Record<string, unknown>;
      nested[inner] = entry.value;
      value[outer] = nested;
    }
  }
  return { value, sources };
}

export function loadConfig(input: LoadConfigInput): LoadedConfig {
  const { argv, env } = input;
  const cwd = input.cwd ?? process.cwd();
  const readFile = input.readFile ?? readTextFile;
  const fileMode = input.fileMode ?? readFileMode;
  const platform = input.platform ?? process.platform;
  const problems: ConfigProblem[] = [];

  const flags = readFlags(argv, input.unknownFlags ?? 'error', problems);
  const environment = readEnv(env, problems);
  const pick = (key: string): Entry | undefined => flags.get(key) ?? environment.get(key);

  const dataDirEntry = pick('dataDir');
  const dataDir = path.resolve(
    cwd,
    typeof dataDirEntry?.value === 'string'
      ? dataDirEntry.value
      : defaultDataDir(platform, env, input.homedir ?? osHomedir()),
  );

  // IT's machine-wide file, when there is one: below the user's own settings.
  const machinePath = input.machineFile === undefined ? machineConfigFile(platform, env) : input.machineFile;
  let machine: Layer = new Map();
  let machineRead: string | null = null;
  const machineText = machinePath === null ? null : readFile(machinePath);
  if (machinePath !== null && machineText !== null) {
    machine = readConfigFile(
      machinePath,
      machineText,
      fileMode(machinePath),
      problems,
      'machine config file',
    );
    machineRead = machinePath;
  }

  // An explicitly named file must exist; the default one is optional.
  const named = pick('configFile');
  const configFile =
    typeof named?.value === 'string' ? path.resolve(cwd, named.value) : path.join(dataDir, 'config.json');
  let file: Layer = new Map();
  let fileRead: string | null = null;
  const text = readFile(configFile);
  if (text !== null) {
    file = readConfigFile(configFile, text, fileMode(configFile), problems);
    fileRead = configFile;
  } else if (named !== undefined) {
    problems.push({ key: 'configFile', source: named.source, message: `no such file: ${configFile}` });
  }

  const { value, sources } = merge([defaultsLayer(dataDir), machine, file, environment, flags]);
  return resolveMerged(value, sources, problems, {
    env,
    cwd,
    configFile: fileRead,
    machineFile: machineRead,
  });
}

/**
 * The last good configuration (last-good.ts) with this start's environment and command line on
 * top, so that `--browser-host`, `--port`, `--kiosk` and the rest still apply while the current
 * files are refused. Only the values that parse are taken (the others are among the problems the
 * refused load reported); throws ConfigInvalidError when what they add up to does not resolve.
 */
export function loadOverLastGood(
  input: LoadConfigInput,
  lastGood: ResolvedConfig,
  label: string,
): LoadedConfig {
  const cwd = input.cwd ?? process.cwd();
  // What does not parse was reported when the current configuration was refused.
  const flags = readFlags(input.argv, 'ignore', []);
  const environment = readEnv(input.env, []);
  const { value, sources } = merge([layerOf(lastGood, label), environment, flags]);
  return resolveMerged(value, sources, [], { env: input.env, cwd, configFile: null, machineFile: null });
}

/** `--browser-host` and `--demo` alone: how to run, when nothing else of the command line resolves. */
export function launchChoices(argv: readonly string[]): { browserHost: boolean; demo: boolean } {
  const flags = readFlags(argv, 'ignore', []);
  return { browserHost: flags.get('browserHost')?.value === true, demo: flags.get('demo')?.value === true };
}

/** A resolved configuration as a layer again, every value from `source`. */
function layerOf(config: ResolvedConfig, source: string): Layer {
  const layer: Layer = new Map();
  for (const [key, value] of Object.entries(config)) {
    // Whether the embedded simulator runs (and where) is decided anew, as for any start.
    if (key === 'embeddedSimulator' || (key === 'serverUrl' && config.embeddedSimulator)) continue;
    if (GROUPS.has(key) && typeof value === 'object' && value !== null) {
      for (const [inner, v] of Object.entries(value)) layer.set(`${key}.${inner}`, { value: v, source });
    } else layer.set(key, { value, source });
  }
  return layer;
}

/** From the merged layers to the configuration: the checks across settings, then the schema. */
function resolveMerged(
  value: Record<string, unknown>,
  sources: Map<string, string>,
  problems: ConfigProblem[],
  context: {
    env: LoadConfigInput['env'];
    cwd: string;
    configFile: string | null;
    machineFile: string | null;
  },
): LoadedConfig {
  const { env, cwd } = context;
  const browserHost = value.browserHost === true;
  delete value.browserHost;
  const demo = value.demo === true;
  delete value.demo;
  delete value.configFile;
  if (typeof value.dataDir === 'string') value.dataDir = path.resolve(cwd, value.dataDir);

  const serverUrl = value.serverUrl;
  const embeddedUrl = env[EMBEDDED_SIMULATOR_ENV];
  if (typeof serverUrl === 'string') {
    const checked = checkServerUrl(serverUrl);
    if ('error' in checked)
      problems.push({ key: 'serverUrl', source: sources.get('serverUrl') ?? '', message: checked.error });
    else value.serverUrl = checked.url;
    value.embeddedSimulator = false;
  } else {
    // No service configured: `npm start` runs the simulator and says where (or will start one).
    value.serverUrl = '';
    value.embeddedSimulator = true;
    if (embeddedUrl !== undefined && embeddedUrl !== '') {
      const checked = checkServerUrl(embeddedUrl);
      const local = 'url' in checked && isLoopbackHost(new URL(checked.url).hostname);
      if (local) value.serverUrl = checked.url;
      else {
        const source = `environment variable ${EMBEDDED_SIMULATOR_ENV}`;
        problems.push({
          key: 'serverUrl',
          source,
          message: 'must be the loopback URL of the embedded simulator',
        });
      }
    }
  }
  if (typeof value.endSessionUrl === 'string') {
    const checked = checkServerUrl(value.endSessionUrl);
    if ('error' in checked)
      problems.push({
        key: 'endSessionUrl',
        source: sources.get('endSessionUrl') ?? '',
        message: checked.error,
      });
    else value.endSessionUrl = checked.url;
  }
  checkUpdates(value, sources, problems);
  if (value.serviceAccount !== undefined && value.clientSecret === undefined) {
    problems.push({
      key: 'serviceAccount',
      source: sources.get('serviceAccount') ?? '',
      message: 'needs clientSecret too: the password grant is for confidential clients only',
    });
  }

  // A PIN in clear (or a mangled hash) must stop the installer here, not silently hide the tools.
  if (typeof value.technicianPin === 'string') {
    const parsed = parsePinHash(value.technicianPin);
    if ('error' in parsed) {
      problems.push({
        key: 'technicianPin',
        source: sources.get('technicianPin') ?? '',
        message: parsed.error,
      });
    }
  }

  const address = value.host as { address?: unknown } | undefined;
  if (typeof address?.address === 'string' && !isLoopbackHost(address.address)) {
    problems.push({
      key: 'host.address',
      source: sources.get('host.address') ?? '',
      message: `must be a loopback address such as 127.0.0.1: the browser host has no TLS (got ${address.address})`,
    });
  }

  if (problems.length === 0) {
    const seen = new Set<string>();
    for (const error of Value.Errors(ResolvedConfig, value)) {
      const key = dotted(error.path);
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push({
        key,
        source: sources.get(key) ?? sources.get(key.split('.')[0] ?? '') ?? 'default',
        message: error.message,
      });
    }
  }
  if (problems.length > 0) throw new ConfigInvalidError(problems);
  return {
    config: value as ResolvedConfig,
    browserHost,
    demo,
    configFile: context.configFile,
    machineFile: context.machineFile,
    sources: Object.fromEntries(
      [...sources].filter(([key]) => key !== 'browserHost' && key !== 'demo' && key !== 'configFile'),
    ),
  };
}

const UPDATE_CHANNELS: readonly string[] = ['stable', 'beta'];

/** The update feed must be a URL Roomdeck may trust to name its next version; the channel one it knows. */
function checkUpdates(
  value: Record<string, unknown>,
  sources: ReadonlyMap<string, string>,
  problems: ConfigProblem[],
): void {
  const updates = value.updates as { url?: unknown; channel?: unknown } | undefined;
  if (updates === undefined) return;
  if (typeof updates.url === 'string') {
    const checked = checkServerUrl(updates.url, 'the update feed');
    if ('error' in checked)
      problems.push({ key: 'updates.url', source: sources.get('updates.url') ?? '', message: checked.error });
    else updates.url = checked.url;
  }
  if (updates.channel !== undefined && !UPDATE_CHANNELS.includes(updates.channel as string)) {
    problems.push({
      key: 'updates.channel',
      source: sources.get('updates.channel') ?? '',
      message: `must be "stable" or "beta" (got ${JSON.stringify(updates.channel)})`,
    });
  }
}

function readFileMode(file: string): number | null {
  if (process.platform === 'win32') return null;
  try {
    return statSync(file).mode;
  } catch {
    return null;
  }
}

function readTextFile(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ConfigInvalidError([
      { key: 'configFile', source: file, message: `cannot be read: ${(err as Error).message}` },
    ]);
  }
}
