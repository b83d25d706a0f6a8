import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { ConfigProblem } from './problems.ts';
import type { Layer, Reading } from './layers.ts';
import { parseValue, type TextSetting } from './text-values.ts';

/**
 * The command line. `node:util` parseArgs splits it into tokens; the checks strict mode would make
 * are made here instead, because strict mode throws at the first wrong argument and Roomdeck
 * reports them all at once, each in words an installer can act on.
 */

/** Every flag, by its long name, with the setting it gives. */
const FLAGS: Readonly<Record<string, TextSetting>> = {
  server: { key: 'serverUrl', takes: 'string' },
  'client-id': { key: 'clientId', takes: 'string' },
  system: { key: 'systemId', takes: 'string' },
  kiosk: { key: 'kiosk', takes: 'boolean' },
  'hide-cursor': { key: 'hideCursor', takes: 'boolean' },
  'support-contact': { key: 'supportContact', takes: 'string' },
  port: { key: 'host.port', takes: 'integer' },
  'data-dir': { key: 'dataDir', takes: 'string' },
  'allow-insecure-vault': { key: 'allowInsecureVault', takes: 'boolean' },
  config: { key: 'configFile', takes: 'string' },
  'browser-host': { key: 'browserHost', takes: 'boolean' },
  demo: { key: 'demo', takes: 'boolean' },
  'screensaver-after': { key: 'panel.screensaverAfterS', takes: 'integer' },
  'still-using-after': { key: 'panel.stillUsingAfterS', takes: 'integer' },
  'still-using-answer': { key: 'panel.stillUsingAnswerS', takes: 'integer' },
  locale: { key: 'panel.locale', takes: 'string' },
  languages: { key: 'panel.languages', takes: 'list' },
  clock: { key: 'panel.clock', takes: 'string' },
  'technician-pin': { key: 'technicianPin', takes: 'string' },
  'technician-idle': { key: 'technicianIdleS', takes: 'integer' },
  'update-url': { key: 'updates.url', takes: 'string' },
  'update-channel': { key: 'updates.channel', takes: 'string' },
  live: { key: 'service.live', takes: 'string' },
  api: { key: 'service.api', takes: 'string' },
};

// Booleans may still be written out (`--kiosk=no`): parseValue reads the inline value.
const OPTIONS: NonNullable<ParseArgsConfig['options']> = Object.fromEntries(
  Object.entries(FLAGS).map(([name, flag]) => [
    name,
    { type: flag.takes === 'boolean' ? 'boolean' : 'string' },
  ]),
);

const OPTION_LIST = `(options: ${Object.keys(FLAGS)
  .map((name) => `--${name}`)
  .join(' ')})`;

const flagNamed = (name: string): TextSetting | undefined =>
  Object.hasOwn(FLAGS, name) ? FLAGS[name] : undefined;

function tokensOf(args: readonly string[]) {
  return parseArgs({ args: [...args], options: OPTIONS, strict: false, allowPositionals: true, tokens: true })
    .tokens;
}

/**
 * `unknown: 'ignore'` is for Electron, whose command line carries switches of its own and
 * Chromium's; the npm entry refuses what it does not know.
 */
export function readFlags(argv: readonly string[], unknown: 'error' | 'ignore'): Reading {
  const layer: Layer = new Map();
  const problems: ConfigProblem[] = [];
  let from = 0;
  // parseArgs is run again from where its reading and Roomdeck's part: after a bare `--` (flags
  // after it still count) and after a flag that took the next flag as its value.
  while (from < argv.length) {
    let resumeAt = argv.length;
    let lastReported = -1;
    for (const token of tokensOf(argv.slice(from))) {
      const index = from + token.index;
      const arg = argv[index] ?? '';
      const flag = token.kind === 'option' ? flagNamed(token.name) : undefined;
      if (token.kind !== 'option' || flag === undefined) {
        // A group of short options (`-abc`) is several tokens of one argument: one problem.
        if (unknown === 'error' && index !== lastReported) {
          const what = arg.startsWith('-') ? 'is not an option Roomdeck knows' : 'is not expected here';
          problems.push({ key: arg, source: 'command line', message: `${what} ${OPTION_LIST}` });
        }
        lastReported = index;
        if (token.kind === 'option-terminator') {
          resumeAt = index + 1;
          break;
        }
        continue;
      }
      const source = `flag --${token.name}`;
      const taken = token.inlineValue === false && token.value?.startsWith('--') === true;
      if (flag.takes !== 'boolean' && (token.value === undefined || taken)) {
        problems.push({
          key: flag.key,
          source,
          message: `needs a value (--${token.name} ${flag.takes === 'integer' ? 'N' : 'VALUE'})`,
        });
        if (taken) {
          resumeAt = index + 1;
          break;
        }
        continue;
      }
      const parsed = parseValue(flag, token.value ?? 'true');
      if ('error' in parsed) problems.push({ key: flag.key, source, message: parsed.error });
      else layer.set(flag.key, { value: parsed.value, source });
    }
    from = resumeAt;
  }
  return { layer, problems };
}
