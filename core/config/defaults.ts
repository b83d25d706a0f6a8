import path from 'node:path';

/** What Roomdeck uses when nothing says otherwise: the values, and its places on each platform. */

export type Env = Readonly<Record<string, string | undefined>>;

export const DEFAULTS = {
  clientId: 'roomdeck',
  scope: 'public',
  poll: { fastMs: 250, fastForMs: 5000, idleMs: 2000, idleAfterMs: 120_000, probeMs: 2500, rarelyMs: 60_000 },
  // Campus AV standards switch an unused room off after 3–4 hours.
  // No language setting: the room's, then the OS's language decides; times as it writes them.
  panel: { screensaverAfterS: 120, stillUsingAfterS: 3 * 3600, stillUsingAnswerS: 60 },
  requestTimeoutMs: 8000,
  kiosk: false,
  allowInsecureVault: false,
  systemId: null,
  host: { address: '127.0.0.1', port: 0 },
  service: { live: 'on', api: 'auto' },
} as const;

/** Where IT puts settings for every account on a machine (the installers create the folder). */
export function machineConfigFile(platform: NodeJS.Platform, env: Env): string {
  if (platform === 'win32')
    return path.win32.join(env.ProgramData || 'C:\\ProgramData', 'Roomdeck', 'config.json');
  if (platform === 'darwin') return '/Library/Application Support/Roomdeck/config.json';
  return '/etc/roomdeck/config.json';
}

/** Where Electron keeps "userData" for an app named Roomdeck, so both entries share one directory. */
export function defaultDataDir(platform: NodeJS.Platform, env: Env, home: string): string {
  if (platform === 'win32')
    return path.win32.join(env.APPDATA || path.win32.join(home, 'AppData', 'Roaming'), 'Roomdeck');
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support', 'Roomdeck');
  return path.posix.join(env.XDG_CONFIG_HOME || path.posix.join(home, '.config'), 'Roomdeck');
}
