import type { BrowserWindowConstructorOptions } from 'electron';
import { ConfigInvalidError } from '../../core/config/load.ts';
import { lockedWebPreferences } from './preferences.ts';

/**
 * What a panel shows when Roomdeck cannot start: a window with what went wrong, in words, and what
 * to do, never a process with no window (a wall panel nobody can reach would just look dead). The
 * page is static text from a data: URL in a sandboxed window without preload; when even a window
 * cannot be made, a native error box and an exit.
 */

export interface StartupFailure {
  title: string;
  /** What went wrong, in the person's words. */
  what: string;
  /** What to do about it. */
  todo: string;
}

export function describeStartupFailure(err: unknown): StartupFailure {
  const title = 'Roomdeck cannot start';
  if (err instanceof ConfigInvalidError) {
    return {
      title,
      what: `Its configuration is not valid:\n${err.problems.map((p) => `• ${p.key} (${p.source}): ${p.message}`).join('\n')}`,
      todo: 'Ask the installer to correct the configuration, then restart Roomdeck.',
    };
  }
  const message = err instanceof Error ? err.message : String(err);
  return {
    title,
    what: `Something went wrong while it was starting: ${message}`,
    todo: 'Restart Roomdeck. If this keeps happening, contact your AV support team and tell them this message.',
  };
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page as a data: URL; no script, no external resource, its own strict CSP. */
export function startupFailurePageUrl(failure: StartupFailure): string {
  const paragraphs = (text: string) =>
    text
      .split('\n')
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(failure.title)}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-content:center;background:#101418;color:#e8eef4;font:20px/1.5 system-ui,sans-serif;padding:2rem}main{max-width:40rem}h1{font-size:1.6em}</style>
</head><body><main role="alert"><h1>${escapeHtml(failure.title)}</h1>${paragraphs(failure.what)}<h2>What to do</h2>${paragraphs(failure.todo)}</main></body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}

/** The error window: as locked down as the app's, and full screen on a kiosk. */
export function startupFailureWindowOptions(kiosk: boolean): BrowserWindowConstructorOptions {
  return {
    title: 'Roomdeck cannot start',
    width: 900,
    height: 600,
    backgroundColor: '#101418',
    autoHideMenuBar: true,
    ...(kiosk ? { kiosk: true, fullscreen: true, frame: false } : {}),
    webPreferences: {
      ...lockedWebPreferences(),
      javascript: false,
    },
  };
}

export interface FailureWindow {
  loadURL(url: string): Promise<void>;
}

export interface StartupFailureDeps {
  whenReady: () => Promise<void>;
  createWindow: (options: BrowserWindowConstructorOptions) => FailureWindow;
  showErrorBox: (title: string, content: string) => void;
  exit: (code: number) => void;
  log: (message: string, err: unknown) => void;
  /** Whether the panel is a kiosk (from the config if it loaded, else from --kiosk). */
  kiosk: boolean;
}

/** Shows the failure on screen; the process lives on only as long as that screen does. */
export async function showStartupFailure(err: unknown, deps: StartupFailureDeps): Promise<void> {
  const failure = describeStartupFailure(err);
  deps.log('Roomdeck could not start', err);
  try {
    await deps.whenReady();
    const win = deps.createWindow(startupFailureWindowOptions(deps.kiosk));
    await win.loadURL(startupFailurePageUrl(failure));
  } catch (windowErr) {
    deps.log('The error screen could not be shown either', windowErr);
    deps.showErrorBox(failure.title, `${failure.what}\n\n${failure.todo}`);
    deps.exit(2);
  }
}
