import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isPinHash, parsePinHash, verifyPin } from '../../core/technician/pin.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `npm run pin-hash` as an installer runs it, with the PIN piped in (never on the command line). */
function pinHash(input: string) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/pin-hash.ts'], {
    cwd: ROOT,
    input,
    encoding: 'utf8',
  });
  return { code: run.status, stdout: run.stdout.trim(), stderr: run.stderr };
}

describe('npm run pin-hash', () => {
  it('prints one hash that verifies the PIN, and says where it goes', async () => {
    const { code, stdout, stderr } = pinHash('482913\n');
    expect(code).toBe(0);
    expect(stdout.split('\n')).toHaveLength(1);
    expect(stdout).not.toContain('482913');
    const parsed = parsePinHash(stdout);
    expect(isPinHash(parsed) && (await verifyPin('482913', parsed))).toBe(true);
    expect(stderr).toMatch(/technicianPin/);
  });

  it('refuses something that is not a PIN and prints no hash', () => {
    const { code, stdout, stderr } = pinHash('12ab\n');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/4 to 12 digits/);
  });
});
