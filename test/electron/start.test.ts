import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findElectronBinary } from '../../electron/start.ts';

function fakeRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'roomdeck-root-'));
  mkdirSync(path.join(root, 'node_modules', 'electron', 'dist'), { recursive: true });
  return root;
}

describe('finding the Electron binary for npm start', () => {
  it('finds none when electron’s download never happened', () => {
    expect(findElectronBinary(fakeRoot())).toBeNull();
  });

  it('finds none when path.txt names a binary that is not there', () => {
    const root = fakeRoot();
    writeFileSync(path.join(root, 'node_modules', 'electron', 'path.txt'), 'electron');
    expect(findElectronBinary(root)).toBeNull();
  });

  it('finds the binary path.txt names inside electron/dist', () => {
    const root = fakeRoot();
    writeFileSync(path.join(root, 'node_modules', 'electron', 'path.txt'), 'electron');
    writeFileSync(path.join(root, 'node_modules', 'electron', 'dist', 'electron'), '');
    expect(findElectronBinary(root)).toBe(path.join(root, 'node_modules', 'electron', 'dist', 'electron'));
  });

  it('finds none on this machine, whose electron package has no binary', () => {
    expect(findElectronBinary(path.resolve(import.meta.dirname, '..', '..'))).toBeNull();
  });
});
