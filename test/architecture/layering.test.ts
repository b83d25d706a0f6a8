import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Lints `source` as a file in `path`'s folder, so the config's per-folder rules apply. (Biome's stdin
 * mode prints no diagnostics, hence a short-lived probe file beside the real ones.)
 */
function lint(path: string, source: string): { ok: boolean; output: string } {
  const probe = join(dirname(path), `__layering_probe_${process.pid}.ts`);
  writeFileSync(probe, `${source}\nexport const probe = 1;\n`);
  try {
    const result = spawnSync('node_modules/.bin/biome', ['lint', probe], { encoding: 'utf8' });
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(probe, { force: true });
  }
}

function expectRefused(path: string, source: string, words: string): void {
  const result = lint(path, source);
  expect(result.ok, `${path}: ${source}`).toBe(false);
  expect(result.output).toContain(words);
}

function expectAllowed(path: string, source: string): void {
  const result = lint(path, source);
  expect(result.ok, `${path}: ${source}\n${result.output}`).toBe(true);
}

describe('the folder layout is enforced by the linter', () => {
  it('keeps contract/ to TypeBox and its own files: the seam depends on nothing either side', () => {
    expectAllowed('contract/probe.ts', "import { Type } from '@sinclair/typebox';");
    expectAllowed('contract/probe.ts', "import { ResourceId } from './resource-id.ts';");
    for (const source of [
      "import { ControlClient } from '../core/api/client.ts';",
      "import { readFileSync } from 'node:fs';",
      "import Fastify from 'fastify';",
    ]) {
      expectRefused('contract/probe.ts', source, 'imports only TypeBox');
    }
    expectRefused('contract/probe.ts', "import { app } from 'electron';", 'no Electron');
  });

  it('keeps core/ plain Node: nothing of Electron, the hosts above it, the renderer or the simulator', () => {
    expectAllowed('core/api/probe.ts', "import { verbNames } from '../../contract/channels.ts';");
    expectRefused('core/api/probe.ts', "import { app } from 'electron';", 'plain Node');
    for (const source of [
      "import { handle } from '../../electron/ipc.ts';",
      "import { startBrowserHost } from '../../host/server.ts';",
      "import { x } from '../../renderer/src/lib/values.ts';",
      "import { startSimulator } from '../../simulator/server.ts';",
    ]) {
      expectRefused('core/api/probe.ts', source, 'electron/ and host/ build on core/');
    }
  });

  it('keeps the browser host out of electron/ and Electron', () => {
    expectAllowed('host/probe.ts', "import { ControlClient } from '../core/api/client.ts';");
    expectRefused('host/probe.ts', "import { handle } from '../electron/ipc.ts';", 'host/ builds on core/');
    expectRefused('host/probe.ts', "import { app } from 'electron';", 'Electron is absent');
  });

  it('keeps electron/ off the browser host', () => {
    expectRefused(
      'electron/window/probe.ts',
      "import { x } from '../../host/app.ts';",
      'electron/ builds on core/',
    );
  });

  it('keeps the simulator free of the app', () => {
    for (const source of [
      "import { ControlClient } from '../../core/api/client.ts';",
      "import { verbNames } from '../../contract/channels.ts';",
      "import { x } from '../../renderer/src/lib/values.ts';",
    ]) {
      expectRefused('simulator/control/probe.ts', source, 'simulator/ is independent of the app');
    }
    expectRefused('simulator/control/probe.ts', "import { app } from 'electron';", 'never imports Electron');
  });

  it('keeps the renderer to the DOM and the bridge contract, by its one name', () => {
    expectRefused('renderer/src/lib/probe.ts', "import fs from 'node:fs';", 'no Node modules');
    expectRefused('renderer/src/lib/probe.ts', "import { app } from 'electron';", 'only to the bridge');
    for (const source of [
      "import { x } from '../../../core/api/client.ts';",
      "import type { System } from '../../../contract/types.ts';",
      "import { verbNames } from '../../../contract/channels.ts';",
    ]) {
      expectRefused('renderer/src/lib/probe.ts', source, '#contract');
    }
    expectAllowed('renderer/src/lib/probe.ts', "import type { System } from '#contract';");
    expectAllowed('renderer/src/lib/probe.ts', "import { negotiateLanguage } from '#locales';");
    expectRefused('renderer/src/lib/probe.ts', "import { en } from '../../../locales/en.ts';", '#locales');
  });

  it('keeps locales/ to its own files and the ICU libraries', () => {
    expectRefused('locales/probe.ts', "import fs from 'node:fs';", 'ICU libraries');
    expectRefused('locales/probe.ts', "import { ErrorCode } from '../contract/index.ts';", 'ICU libraries');
    expectAllowed('locales/probe.ts', "import { IntlMessageFormat } from 'intl-messageformat';");
    expectAllowed('locales/probe.ts', "import { en } from './en.ts';");
  });

  it('keeps ipcMain out of every module but the IPC transport and main.ts', () => {
    const source = "import { ipcMain } from 'electron';";
    for (const folder of ['electron/window', 'electron/kiosk', 'electron/update']) {
      expectRefused(`${folder}/probe.ts`, source, 'only through electron/ipc.ts');
    }
    expectAllowed('electron/window/probe.ts', "import { shell } from 'electron';");
  });
});
