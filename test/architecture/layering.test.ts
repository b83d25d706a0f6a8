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
  writeFileSync(probe, source);
  try {
    const result = spawnSync('node_modules/.bin/biome', ['lint', probe], { encoding: 'utf8' });
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(probe, { force: true });
  }
}

describe('the folder layout is enforced by the linter', () => {
  it('keeps the simulator free of the app: no electron/, renderer/ or Electron imports', () => {
    for (const source of [
      "import { ControlClient } from '../electron/api/client.ts';\nexport const x = ControlClient;\n",
      "import { x } from '../../renderer/src/lib/values.ts';\nexport const y = x;\n",
      "import { app } from 'electron';\nexport const y = app;\n",
    ]) {
      const result = lint('simulator/control/probe.ts', source);
      expect(result.ok, source).toBe(false);
      expect(result.output).toContain('noRestrictedImports');
    }
  });

  it('keeps the renderer to the DOM and the bridge contract', () => {
    expect(lint('renderer/src/lib/probe.ts', "import fs from 'node:fs';\nexport const y = fs;\n").ok).toBe(
      false,
    );
    expect(
      lint('renderer/src/lib/probe.ts', "import { app } from 'electron';\nexport const y = app;\n").ok,
    ).toBe(false);
    expect(
      lint(
        'renderer/src/lib/probe.ts',
        "import { x } from '../../../electron/api/client.ts';\nexport const y = x;\n",
      ).ok,
    ).toBe(false);
    // A deep import of the bridge's own files is refused too: '#contract' is the one seam.
    for (const deep of [
      "import type { System } from '../../../electron/bridge/types.ts';\nexport const y: System | null = null;\n",
      "import { verbNames } from '../../../electron/bridge/channels.ts';\nexport const y = verbNames;\n",
    ]) {
      const result = lint('renderer/src/lib/probe.ts', deep);
      expect(result.ok, deep).toBe(false);
      expect(result.output).toContain('#contract');
    }
    const allowed = lint(
      'renderer/src/lib/probe.ts',
      "import type { System } from '#contract';\nexport const y: System | null = null;\n",
    );
    expect(allowed.ok, allowed.output).toBe(true);
  });

  it('keeps ipcMain out of every main-process module but the IPC transport and main.ts', () => {
    const source = "import { ipcMain } from 'electron';\nexport const y = ipcMain;\n";
    for (const folder of ['electron/window', 'electron/bridge', 'electron/host']) {
      const result = lint(`${folder}/probe.ts`, source);
      expect(result.ok, folder).toBe(false);
      expect(result.output).toContain('only through electron/bridge/ipc.ts');
    }
    const otherElectronApi = lint(
      'electron/window/probe.ts',
      "import { shell } from 'electron';\nexport const y = shell;\n",
    );
    expect(otherElectronApi.ok, otherElectronApi.output).toBe(true);
  });
});
