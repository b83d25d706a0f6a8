import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { readEnv } from './env.ts';
import { readFlags } from './flags.ts';
import { type Layer, layerOfRecord, merge } from './layers.ts';
import { chooseDataDir, type LoadConfigInput, loadConfig } from './load.ts';
import { ConfigInvalidError } from './problems.ts';
import { type LoadedConfig, resolveMerged } from './resolve.ts';
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
  // Only the values that parse are taken: the others are among the problems the refused load reported.
  const flags = readFlags(input.argv, 'ignore').layer;
  try {
    const environment = readEnv(input.env).layer;
    const { value, sources } = merge([layerOfLastGood(lastGood, label), environment, flags]);
    const context = { env: input.env, cwd: input.cwd ?? process.cwd(), configFile: null, machineFile: null };
    return resolveMerged(value, sources, [], context);
  } catch (err) {
    if (!(err instanceof ConfigInvalidError)) throw err;
    const sources = Object.fromEntries(Object.keys(lastGood).map((key) => [key, label]));
    const launch = {
      browserHost: flags.get('browserHost')?.value === true,
      demo: flags.get('demo')?.value === true,
    };
    return { config: lastGood, ...launch, configFile: null, machineFile: null, sources };
  }
}

/** The last good configuration as a layer again, every value from `source`. */
function layerOfLastGood(config: ResolvedConfig, source: string): Layer {
  // Whether the embedded simulator runs (and where) is decided anew, as for any start.
  const { embeddedSimulator, serverUrl, ...rest } = config;
  return layerOfRecord(embeddedSimulator ? rest : { ...rest, serverUrl }, () => source);
}

/**
 * The data directory a configuration that did not load would have used: `--data-dir`, then
 * ROOMDECK_DATA_DIR, then the platform's default, read as loadConfig reads them. Where the last
 * good configuration is looked for.
 */
export function dataDirOf(input: LoadConfigInput): string {
  return chooseDataDir(input, readFlags(input.argv, 'ignore').layer, readEnv(input.env).layer);
}
