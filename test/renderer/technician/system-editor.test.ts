import { describe, expect, it } from 'vitest';
import { SystemEditor } from '../../../renderer/src/lib/technician/systems/system-editor.svelte.ts';
import { changesOf, draftOf, rebase } from '../../../renderer/src/lib/technician/systems/system-draft.ts';
import { fakeBridge, huddle } from './fake-bridge.ts';

async function editing() {
  const fake = fakeBridge();
  const editor = new SystemEditor(fake.api, huddle.id);
  await editor.load();
  return { fake, editor };
}

describe('editing a system', () => {
  it('sends only the changed fields with the version it loaded, and takes the new version', async () => {
    const { fake, editor } = await editing();
    expect(editor.version).toBe(2);
    editor.draft.capacity = '6';
    const saved = await editor.save();
    expect(saved?.capacity).toBe(6);
    expect(fake.calls.at(-1)).toEqual({
      verb: 'systems.update',
      args: { id: huddle.id, version: 2, changes: { capacity: 6 } },
    });
    expect(editor.phase).toBe('saved');
    expect(editor.version).toBe(3);
    expect(editor.dirty).toBe(false);
  });

  it('shows a settings parse error on the field and sends nothing', async () => {
    const { fake, editor } = await editing();
    editor.draft.settings = '{"sources": [';
    editor.draft.capacity = 'lots';
    expect(await editor.save()).toBeNull();
    expect(editor.phase).toBe('failed');
    expect(editor.problem?.failures.map((f) => f.field).sort()).toEqual(['capacity', 'settings']);
    expect(editor.problem?.failures.find((f) => f.field === 'settings')?.reason).toMatch(/not valid JSON/);
    expect(fake.calls.some((c) => c.verb === 'systems.update')).toBe(false);
  });

  it('maps the service’s validation failures to their fields', async () => {
    const { editor } = await editing();
    editor.draft.name = '   ';
    await editor.save();
    expect(editor.problem?.code).toBe('ROOMDECK_VALIDATION_FAILED');
    expect(editor.problem?.failures).toEqual([{ field: 'name', reason: 'is required' }]);
  });

  it('on a version conflict keeps the edits, and reload takes the latest version and untouched fields', async () => {
    const { fake, editor } = await editing();
    editor.draft.capacity = '6';
    editor.draft.description = 'Mine';
    fake.changeBehindTheBack(huddle.id, { capacity: 5, email: 'theirs@demo.local' });

    expect(await editor.save()).toBeNull();
    expect(editor.phase).toBe('conflict');
    expect(editor.problem?.message).toMatch(/Someone else changed this room/);
    expect(editor.problem?.currentVersion).toBe(3);
    expect(editor.draft.capacity).toBe('6');

    await editor.reloadLatest();
    expect(editor.phase).toBe('editing');
    expect(editor.version).toBe(3);
    expect(editor.draft.capacity).toBe('6');
    expect(editor.draft.description).toBe('Mine');
    expect(editor.draft.email).toBe('theirs@demo.local');
    expect(editor.clashes).toEqual({ capacity: '5' });

    const saved = await editor.save();
    expect(saved).toMatchObject({ capacity: 6, description: 'Mine', email: 'theirs@demo.local', version: 4 });
    expect(fake.calls.at(-1)?.args).toEqual({
      id: huddle.id,
      version: 3,
      changes: { description: 'Mine', capacity: 6 },
    });
  });

  it('reorders modules and edits zones as lists', async () => {
    const { fake, editor } = await editing();
    editor.moveModule(1, -1);
    editor.moveModule(0, -1);
    editor.toggleZone('zone-l3', true);
    await editor.save();
    expect(fake.calls.at(-1)?.args).toMatchObject({
      changes: { modules: ['mod-display', 'mod-logic'], zones: ['zone-harbour', 'zone-l3'] },
    });
  });

  it('creates a system from the filled fields, and shows the zones failure', async () => {
    const fake = fakeBridge();
    const editor = new SystemEditor(fake.api, null);
    await editor.load();
    editor.draft.name = 'Pod 1';
    expect(await editor.save()).toBeNull();
    expect(fake.calls.at(-1)).toEqual({ verb: 'systems.create', args: { system: { name: 'Pod 1' } } });
    expect(editor.problem?.failures).toEqual([{ field: 'zones', reason: 'must hold at least one zone' }]);
    editor.toggleZone('zone-harbour', true);
    expect((await editor.save())?.id).toBe('sys-new');
  });

  it('shows the readable forbidden message when the role may not save', async () => {
    const fake = fakeBridge({ forbid: ['systems.update'] });
    const editor = new SystemEditor(fake.api, huddle.id);
    await editor.load();
    editor.draft.capacity = '9';
    await editor.save();
    expect(editor.problem?.message).toMatch(/^Your account may not do this \(its role/);
  });
});

describe('rebase after a conflict', () => {
  it('leaves a field both people changed to the same value without a clash', () => {
    const base = draftOf(huddle);
    const mine = { ...base, capacity: '6' };
    const latest = { ...base, capacity: '6' };
    expect(rebase(base, mine, latest).clashes).toEqual({});
    expect(changesOf(latest, rebase(base, mine, latest).draft)).toEqual({ ok: true, changes: {}, count: 0 });
  });
});
