import { homedir as osHomedir } from 'node:os';
import path from 'node:path';
import { DEFAULTS, defaultDataDir, type Env, machineConfigFile } from './defaults.ts';
import { readFileMode, readTextFile } from './disk.ts';
import { readEnv } from './env.ts';
import { readConfigFile } from './file.ts';
import { readFlags } from './flags.ts';
import { type Entry, type Layer, layerOfRecord, merge, type Reading } from './layers.ts';
import type { ConfigProblem } from './problems.ts';
import { type LoadedConfig, resolveMerged } from './resolve.ts';

/**
 * Roomdeck's configuration from, lowest to highest precedence: defaults, the machine-wide file that
 * IT manages (`machineConfigFile`), the user's file (`<data dir>/config.json` or `--config`),
 * environment variables, command-line flags. One reader a source (flags.ts, env.ts, file.ts), the
 * layers merged (layers.ts), then checked (resolve.ts); every problem of every source is reported.
 */

// What the rest of the app reads from here; each lives in the module that does its job.
export { DEFAULTS, defaultDataDir, machineConfigFile } from './defaults.ts';
export { ConfigInvalidError, type ConfigProblem } from './problems.ts';
export { EMBEDDED_SIMULATOR_ENV, type LoadedConfig } from './resolve.ts';

export interface LoadConfigInput {
  /** Command-line arguments after the program (and, in Electron, the app path). */
  argv: readonly string[];
  env: Env;
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

/** A file read (`read`: its path), or nothing when there is none. */
interface FileReading extends Reading {
  read: string | null;
}
const noFile = (problems: ConfigProblem[] = []): FileReading => ({ layer: new Map(), problems, read: null });

export function loadConfig(input: LoadConfigInput): LoadedConfig {
  const cwd = input.cwd ?? process.cwd();
  const flags = readFlags(input.argv, input.unknownFlags ?? 'error');
  const environment = readEnv(input.env);
  const dataDir = chooseDataDir(input, flags.layer, environment.layer);
  const machine = readMachineFile(input);
  const user = readUserFile(
    input,
    dataDir,
    flags.layer.get('configFile') ?? environment.layer.get('configFile'),
  );
  const { value, sources } = merge([
    defaultsLayer(dataDir),
    machine.layer,
    user.layer,
    environment.layer,
    flags.layer,
  ]);
  // In the order a reader meets them: the command line first, the files last.
  const problems = [flags, environment, machine, user].flatMap((reading) => reading.problems);
  return resolveMerged(value, sources, problems, {
    env: input.env,
    cwd,
    configFile: user.read,
    machineFile: machine.read,
  });
}

/**
 * The data directory from the command line, else the environment, else the platform's place: it
 * holds the user's file, so it is chosen before any file is read.
 */
export function chooseDataDir(input: LoadConfigInput, flags: Layer, environment: Layer): string {
  const chosen = (flags.get('dataDir') ?? environment.get('dataDir'))?.value;
  const fallback = () =>
    defaultDataDir(input.platform ?? process.platform, input.env, input.homedir ?? osHomedir());
  return path.resolve(input.cwd ?? process.cwd(), typeof chosen === 'string' ? chosen : fallback());
}

/** IT's machine-wide file, when there is one: below the user's own settings. */
function readMachineFile(input: LoadConfigInput): FileReading {
  const file =
    input.machineFile === undefined
      ? machineConfigFile(input.platform ?? process.platform, input.env)
      : input.machineFile;
  if (file === null) return noFile();
  const text = (input.readFile ?? readTextFile)(file);
  if (text === null) return noFile();
  const mode = (input.fileMode ?? readFileMode)(file);
  return { ...readConfigFile(file, text, mode, 'machine config file'), read: file };
}

/** The user's file: one named by `--config` or ROOMDECK_CONFIG must exist; the default one is optional. */
function readUserFile(input: LoadConfigInput, dataDir: string, named: Entry | undefined): FileReading {
  const cwd = input.cwd ?? process.cwd();
  const file =
    typeof named?.value === 'string' ? path.resolve(cwd, named.value) : path.join(dataDir, 'config.json');
  const text = (input.readFile ?? readTextFile)(file);
  if (text !== null) {
    const mode = (input.fileMode ?? readFileMode)(file);
    return { ...readConfigFile(file, text, mode, 'config file'), read: file };
  }
  if (named === undefined) return noFile();
  return noFile([{ key: 'configFile', source: named.source, message: `no such file: ${file}` }]);
}

function defaultsLayer(dataDir: string): Layer {
  return layerOfRecord({ ...DEFAULTS, dataDir }, () => 'default');
}
