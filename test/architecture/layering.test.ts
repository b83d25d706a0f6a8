import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * Each case is a one-line module placed in a folder of the repository's layout, linted with the
 * repository's own biome.json so its per-folder rules apply. All probes are written into one
 * temporary copy of the layout and linted by a single Biome run: nothing is written beside the real
 * sources (a probe left by a crashed run would break the build), and one process instead of one per
 * case keeps this file fast.
 */

interface Case {
  path: string;
  source: string;
  /** Words the refusal must contain; undefined when the import is allowed. */
  refusedWith?: string;
}

const allowed = (path: string, source: string): Case => ({ path, source });
const refused = (path: string, source: string, words: string): Case => ({ path, source, refusedWith: words });

interface Diagnostic {
  severity: string;
  message: string;
  location: { path: string };
}

/** Lints every case in one Biome run; the error messages of each case's probe, by case. */
function lintAll(cases: Case[]): Map<Case, string[]> {
  const root = resolve(import.meta.dirname, '../..');
  const dir = mkdtempSync(join(tmpdir(), 'roomdeck-layering-'));
  try {
    const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8')) as Record<string, unknown>;
    delete config.$schema;
    // The copy is no git checkout: the folder rules are all that matters here.
    config.vcs = { enabled: false };
    writeFileSync(join(dir, 'biome.json'), JSON.stringify(config));
    const probes = cases.map((c, i) => join(dirname(c.path), `probe_${i}.ts`));
    cases.forEach((c, i) => {
      const file = join(dir, probes[i] as string);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${c.source}\nexport const probe = 1;\n`);
    });
    const result = spawnSync(
      join(root, 'node_modules/.bin/biome'),
      ['lint', '--reporter=json', '--diagnostic-level=error', '--max-diagnostics=10000', '.'],
      { cwd: dir, encoding: 'utf8' },
    );
    const start = result.stdout.indexOf('{');
    if (start < 0) throw new Error(`Biome printed no report:\n${result.stdout}${result.stderr}`);
    const report = JSON.parse(result.stdout.slice(start)) as { diagnostics: Diagnostic[] };
    const byFile = new Map<string, string[]>();
    for (const d of report.diagnostics) {
      if (d.severity !== 'error') continue;
      const file = d.location.path.replace(/\\/g, '/');
      byFile.set(file, [...(byFile.get(file) ?? []), d.message]);
    }
    return new Map(cases.map((c, i) => [c, byFile.get(probes[i] as string) ?? []]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const CASES = {
  contract: [
    allowed('contract/probe.ts', "import { Type } from '@sinclair/typebox';"),
    allowed('contract/probe.ts', "import { ResourceId } from './resource-id.ts';"),
    ...[
      "import { ControlClient } from '../core/api/client.ts';",
      "import { readFileSync } from 'node:fs';",
      "import Fastify from 'fastify';",
    ].map((source) => refused('contract/probe.ts', source, 'imports only TypeBox')),
    refused('contract/probe.ts', "import { app } from 'electron';", 'no Electron'),
  ],
  core: [
    allowed('core/api/probe.ts', "import { verbNames } from '../../contract/channels.ts';"),
    refused('core/api/probe.ts', "import { app } from 'electron';", 'plain Node'),
    ...[
      "import { handle } from '../../electron/ipc.ts';",
      "import { startBrowserHost } from '../../host/server.ts';",
      "import { x } from '../../renderer/src/lib/control/values.ts';",
      "import { startSimulator } from '../../simulator/server.ts';",
    ].map((source) => refused('core/api/probe.ts', source, 'electron/ and host/ build on core/')),
  ],
  host: [
    allowed('host/probe.ts', "import { ControlClient } from '../core/api/client.ts';"),
    refused('host/probe.ts', "import { handle } from '../electron/ipc.ts';", 'host/ builds on core/'),
    refused('host/probe.ts', "import { app } from 'electron';", 'Electron is absent'),
  ],
  electron: [
    refused(
      'electron/window/probe.ts',
      "import { x } from '../../host/app.ts';",
      'electron/ builds on core/',
    ),
  ],
  simulator: [
    ...[
      "import { ControlClient } from '../../core/api/client.ts';",
      "import { verbNames } from '../../contract/channels.ts';",
      "import { x } from '../../renderer/src/lib/control/values.ts';",
    ].map((source) => refused('simulator/control/probe.ts', source, 'simulator/ is independent of the app')),
    refused('simulator/control/probe.ts', "import { app } from 'electron';", 'never imports Electron'),
  ],
  renderer: [
    refused('renderer/src/lib/probe.ts', "import fs from 'node:fs';", 'no Node modules'),
    refused('renderer/src/lib/probe.ts', "import { app } from 'electron';", 'only to the bridge'),
    ...[
      "import { x } from '../../../core/api/client.ts';",
      "import type { System } from '../../../contract/types.ts';",
      "import { verbNames } from '../../../contract/channels.ts';",
    ].map((source) => refused('renderer/src/lib/probe.ts', source, '#contract')),
    allowed('renderer/src/lib/probe.ts', "import type { System } from '#contract';"),
    allowed('renderer/src/lib/probe.ts', "import { negotiateLanguage } from '#locales';"),
    refused('renderer/src/lib/probe.ts', "import { en } from '../../../locales/en.ts';", '#locales'),
  ],
  locales: [
    refused('locales/probe.ts', "import fs from 'node:fs';", 'ICU libraries'),
    refused('locales/probe.ts', "import { ErrorCode } from '../contract/index.ts';", 'ICU libraries'),
    allowed('locales/probe.ts', "import { ERROR_CATALOGUE } from '../contract/error-codes.ts';"),
    allowed('locales/probe.ts', "import { IntlMessageFormat } from 'intl-messageformat';"),
    allowed('locales/probe.ts', "import { en } from './en.ts';"),
  ],
  ipcMain: [
    ...['electron/window', 'electron/kiosk', 'electron/update'].map((folder) =>
      refused(`${folder}/probe.ts`, "import { ipcMain } from 'electron';", 'only through electron/ipc.ts'),
    ),
    allowed('electron/window/probe.ts', "import { shell } from 'electron';"),
  ],
};

let results = new Map<Case, string[]>();
beforeAll(() => {
  results = lintAll(Object.values(CASES).flat());
});
afterAll(() => {
  results.clear();
});

function check(cases: Case[]): void {
  for (const c of cases) {
    const errors = results.get(c);
    expect(errors, `${c.path}: ${c.source} was not linted`).toBeDefined();
    if (c.refusedWith === undefined) {
      expect(errors, `${c.path}: ${c.source}`).toEqual([]);
    } else {
      expect(errors?.length, `${c.path}: ${c.source} was allowed`).toBeGreaterThan(0);
      expect(errors?.join('\n'), `${c.path}: ${c.source}`).toContain(c.refusedWith);
    }
  }
}

describe('the folder layout is enforced by the linter', () => {
  it('keeps contract/ to TypeBox and its own files: the seam depends on nothing either side', () => {
    check(CASES.contract);
  });

  it('keeps core/ plain Node: nothing of Electron, the hosts above it, the renderer or the simulator', () => {
    check(CASES.core);
  });

  it('keeps the browser host out of electron/ and Electron', () => {
    check(CASES.host);
  });

  it('keeps electron/ off the browser host', () => {
    check(CASES.electron);
  });

  it('keeps the simulator free of the app', () => {
    check(CASES.simulator);
  });

  it('keeps the renderer to the DOM and the bridge contract, by its one name', () => {
    check(CASES.renderer);
  });

  it('keeps locales/ to its own files and the ICU libraries', () => {
    check(CASES.locales);
  });

  it('keeps ipcMain out of every module but the IPC transport and main.ts', () => {
    check(CASES.ipcMain);
  });
});
