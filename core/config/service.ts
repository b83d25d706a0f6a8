/**
 * Which control service Roomdeck talks to when it starts. A configured one, always. Without one,
 * the demo building (the embedded simulator) only where asked for: `npm start` (a developer's
 * checkout, never packaged) or `--demo`. A packaged panel that lost its configuration must say so,
 * not quietly show a made-up building that looks like it works.
 */

export type ServiceChoice =
  | { kind: 'configured' }
  | { kind: 'demo' }
  | { kind: 'unconfigured'; message: string };

export interface ServiceChoiceInput {
  /** The resolved service URL; '' when none was configured. */
  serverUrl: string;
  /** `--demo` on the command line. */
  demo: boolean;
  /** Electron's `app.isPackaged`: an installed app, not a checkout run by `npm start`. */
  packaged: boolean;
  /** The machine-wide configuration file for this platform, named in the message. */
  machineConfigFile: string;
}

export function chooseService(input: ServiceChoiceInput): ServiceChoice {
  if (input.serverUrl !== '') return { kind: 'configured' };
  if (input.demo || !input.packaged) return { kind: 'demo' };
  return {
    kind: 'unconfigured',
    message:
      'This panel has no control service configured. Ask your AV installer to set "serverUrl" in ' +
      `${input.machineConfigFile} (or pass --server URL), then restart Roomdeck. ` +
      'To try Roomdeck with the demo building instead, start it with --demo.',
  };
}
