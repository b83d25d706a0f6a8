import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { homedir } from 'node:os';
import {
  ConfigInvalidError,
  defaultDataDir,
  type LoadConfigInput,
  type LoadedConfig,
  launchChoices,
  loadConfig,
  loadOverLastGood,
} from './load.ts';
import { ResolvedConfig } from './schema.ts';

/**
 * A panel whose configuration file was damaged (a bad edit, a half-copied rollout) must keep
 * working: the last configuration that loaded is kept in the data directory, without secrets, and
 * used when the current one does not load, with the problems reported (log, diagnostics) rather
 * than a dead panel. With no last good configuration the problems end in the readable error screen.
 */

export const LAST_GOOD_FILE = 'last-good-config.json';

export interface ConfigOutcome {
  loaded: LoadedConfig;
  /** The current configuration's problems when the last good one is used instead; else empty. */
  problems: ConfigInvalidError | null;
}

export interface LastGoodStore {
  read(dataDir: string): string | null;
  write(dataDir: string, text: string): void;
}

export const fileLastGoodStore: LastGoodStore = {
  read(dataDir) {
    try {
      return readFileSync(path.join(dataDir, LAST_GOOD_FILE), 'utf8');
    } catch {
      return null;
    }
  },
  write(dataDir, text) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const file = path.join(dataDir, LAST_GOOD_FILE);
    writeFileSync(`${file}.tmp`, text, { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
  },
};

/**
 * The configuration without anything secret: what may be written beside the vault in clear. The
 * service account goes whole (a password-less account is no account); the panel then lives on the
 * tokens in its vault. The technician PIN's hash goes too (a short PIN's hash is guessed offline):
 * a panel living on its last good configuration offers no technician access.
 */
export function withoutSecrets(config: ResolvedConfig): ResolvedConfig {
  const { clientSecret: _secret, serviceAccount: _account, technicianPin: _pin, ...rest } = config;
  return rest;
}

export function loadConfigKeepingLastGood(
  input: LoadConfigInput,
  dataDirOf: (input: LoadConfigInput) => string,
  store: LastGoodStore = fileLastGoodStore,
): ConfigOutcome {
  try {
    const loaded = loadConfig(input);
    try {
      store.write(loaded.config.dataDir, `${JSON.stringify(withoutSecrets(loaded.config), null, 2)}\n`);
    } catch {
      // Not being able to remember it is no reason to refuse a good configuration.
    }
    return { loaded, problems: null };
  } catch (err) {
    if (!(err instanceof ConfigInvalidError)) throw err;
    const text = store.read(dataDirOf(input));
    if (text === null) throw err;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw err;
    }
    if (!Value.Check(ResolvedConfig, data)) throw err;
    const label = `last good configuration (${LAST_GOOD_FILE})`;
    return { loaded: overLastGood(input, data, label), problems: err };
  }
}

/**
 * This start's command line and environment still apply on top of the last good configuration
 * (`--browser-host` above all: without it `npm start` would go for Electron). Should they not
 * resolve even there (say `--server` names a plain-http remote), the last good configuration runs
 * as it was, still in the runtime the command line asked for.
 */
function overLastGood(input: LoadConfigInput, lastGood: ResolvedConfig, label: string): LoadedConfig {
  try {
    return loadOverLastGood(input, lastGood, label);
  } catch (err) {
    if (!(err instanceof ConfigInvalidError)) throw err;
    const sources = Object.fromEntries(Object.keys(lastGood).map((key) => [key, label]));
    return { config: lastGood, ...launchChoices(input.argv), configFile: null, machineFile: null, sources };
  }
}

/**
 * The data directory a configuration that did not load would have used: `--data-dir`, then
 * ROOMDECK_DATA_DIR, then the platform's default. Where the last good configuration is looked for.
 */
export function dataDirOf(input: LoadConfigInput): string {
  const cwd = input.cwd ?? process.cwd();
  const flag = input.argv.findIndex((arg) => arg === '--data-dir' || arg.startsWith('--data-dir='));
  const arg = flag === -1 ? undefined : input.argv[flag];
  const fromFlag = arg?.includes('=') ? arg.slice(arg.indexOf('=') + 1) : input.argv[flag + 1];
  const chosen = (flag === -1 ? undefined : fromFlag) || input.env.ROOMDECK_DATA_DIR;
  return path.resolve(
    cwd,
    chosen || defaultDataDir(input.platform ?? process.platform, input.env, input.homedir ?? homedir()),
  );
}
