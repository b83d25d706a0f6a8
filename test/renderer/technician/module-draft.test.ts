import { describe, expect, it } from 'vitest';
import {
  emptyModuleDraft,
  moduleChanges,
  moduleDraftOf,
} from '../../../renderer/src/lib/technician/modules/module-draft.ts';
import { ModuleEditor } from '../../../renderer/src/lib/technician/modules/module-editor.svelte.ts';
import { display, fakeBridge } from './fake-bridge.ts';

describe('module forms', () => {
  it('asks a new module for the field its role needs', () => {
    const draft = { ...emptyModuleDraft(), dependency_id: 'dep-x' };
    const failing = (role: number) => {
      const r = moduleChanges(emptyModuleDraft(), draft, role, true);
      return r.ok ? [] : r.failures.map((f) => f.field);
    };
    expect(failing(0)).toEqual(['ip']);
    expect(failing(1)).toEqual(['ip']);
    expect(failing(2)).toEqual(['uri']);
    expect(failing(3)).toEqual(['control_system_id']);
  });

  it('updates only what changed, with port and settings parsed', () => {
    const base = moduleDraftOf({ ...display, settings: { a: 1 } });
    const draft = { ...base, port: '5000', notes: 'Moved', ignore_startstop: true };
    expect(moduleChanges(base, draft, 1, false)).toEqual({
      ok: true,
      changes: { port: 5000, notes: 'Moved', ignore_startstop: true },
      count: 3,
    });
    const bad = moduleChanges(base, { ...base, port: '70000', settings: '[1]' }, 1, false);
    expect(bad.ok ? [] : bad.failures.map((f) => f.field)).toEqual(['port', 'settings']);
  });

  it('creates a device module from a driver with its default port', async () => {
    const fake = fakeBridge();
    const editor = new ModuleEditor(fake.api, null);
    await editor.load();
    editor.chooseDependency('dep-display');
    expect(editor.role).toBe(1);
    expect(editor.draft.port).toBe('4999');
    expect(await editor.save()).toBeNull();
    expect(editor.problem?.failures).toEqual([{ field: 'ip', reason: 'is required' }]);
    editor.draft.ip = '10.0.0.9';
    expect((await editor.save())?.id).toBe('mod-new');
    expect(fake.calls.at(-1)).toEqual({
      verb: 'modules.create',
      args: { module: { dependency_id: 'dep-display', ip: '10.0.0.9', port: 4999 } },
    });
  });
});
