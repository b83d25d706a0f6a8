// The windows Roomdeck opens, as their helpers build them (electron/window/*.ts), written out as
// literal `new BrowserWindow({...})` calls for Electronegativity. It judges a window's options
// only when they are written inside the call, and main.ts passes the helpers' results instead
// (`new BrowserWindow(options)`, annotated `eng-disable` for the checks judged here), so
// scripts/electronegativity.mjs scans this rendering too: a setting weakened in the helpers is a
// finding, as it would be in main.ts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserWindowConstructorOptions } from 'electron';
import { windowOptions } from '../electron/window/preferences.ts';
import { signInWindowOptions } from '../electron/window/sign-in-window.ts';
import { startupFailureWindowOptions } from '../electron/window/startup-failure.ts';

export interface NamedWindow {
  name: string;
  options: BrowserWindowConstructorOptions;
}

/** Electronegativity's checks of a window's options (class names, as its `customScan` takes them). */
export const WINDOW_OPTION_CHECKS = [
  'AffinityJSCheck',
  'AuxclickJSCheck',
  'BlinkFeaturesJSCheck',
  'ContextIsolationJSCheck',
  'ExperimentalFeaturesJSCheck',
  'InsecureContentJSCheck',
  'NodeIntegrationJSCheck',
  'RemoteModuleJSCheck',
  'SandboxJSCheck',
  'WebSecurityJSCheck',
];

/** One `new BrowserWindow({...})` per window, each on one line that starts with the window's name. */
export function windowsSource(windows: readonly NamedWindow[]): string {
  return [
    "const { BrowserWindow } = require('electron');",
    ...windows.map(({ name, options }) => `/* ${name} */ new BrowserWindow(${JSON.stringify(options)});`),
    '',
  ].join('\n');
}

/** Writes the rendering as `windows.js` into a fresh temporary folder; returns the folder. */
export function writeWindowsSource(windows: readonly NamedWindow[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'roomdeck-windows-'));
  writeFileSync(path.join(dir, 'windows.js'), windowsSource(windows));
  return dir;
}

/** Every window main.ts opens, in each of its shapes. */
export function roomdeckWindows(): NamedWindow[] {
  const preloadPath = '/opt/Roomdeck/resources/app.asar/dist/electron/preload.cjs';
  return [
    { name: 'the panel window', options: windowOptions({ preloadPath, kiosk: false }) },
    {
      name: 'the panel window with --dev',
      options: windowOptions({ preloadPath, kiosk: false, devTools: true }),
    },
    { name: 'the panel window on a kiosk', options: windowOptions({ preloadPath, kiosk: true }) },
    { name: 'the sign-in window', options: signInWindowOptions() },
    { name: 'the start-up failure window', options: startupFailureWindowOptions(false) },
    { name: 'the start-up failure window on a kiosk', options: startupFailureWindowOptions(true) },
  ];
}
