import { describe, expect, it } from 'vitest';
import { BulkActions, eachLimited } from '../../../renderer/src/lib/technician/fleet/bulk.svelte.ts';
import { ModuleTable } from '../../../renderer/src/lib/technician/fleet/module-table.svelte.ts';
import { display, fakeBridge, logic, spare } from './fake-bridge.ts';

describe('bulk actions over a selection', () => {
  it('never runs more than the limit at once, and runs every item even when some fail', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (n === 4) throw new Error('this one fails');
      done.push(n);
    });
    expect(most).toBe(3);
    expect(done.sort()).toEqual([1, 2, 3, 5, 6, 7]);
  });

  it('starts the selected modules, reads each again, and says per row what happened', async () => {
    const fake = fakeBridge({ forbid: ['modules.stop'] });
    const reread: string[] = [];
    const bulk = new BulkActions(fake.api, async (id) => {
      reread.push(id);
    });
    bulk.toggle(display.id, true);
    bulk.toggle(spare.id, true);
    await bulk.runSelected('start');
    expect(fake.calls.filter((c) => c.verb === 'modules.start').map((c) => c.args)).toEqual([
      { id: display.id },
      { id: spare.id },
    ]);
    expect(reread.sort()).toEqual([display.id, spare.id].sort());
    expect(bulk.outcome(spare.id)).toMatchObject({ phase: 'done', text: 'Started', ok: true });

    await bulk.run('stop', display.id);
    expect(bulk.outcome(display.id)).toMatchObject({ phase: 'failed', ok: false });
    expect(bulk.outcome(display.id)?.text).toMatch(/Your account may not/);

    await bulk.run('ping', display.id);
    expect(bulk.outcome(display.id)).toMatchObject({ phase: 'done', text: '10.0.0.2 answered', ok: true });
  });

  it('selects every row shown, or clears them when all are selected', () => {
    const bulk = new BulkActions(fakeBridge().api, async () => {});
    bulk.toggleAll([display.id, logic.id]);
    expect([...bulk.selected].sort()).toEqual([display.id, logic.id].sort());
    bulk.toggleAll([display.id, logic.id]);
    expect(bulk.selected.size).toBe(0);
  });
});

describe('the module table', () => {
  it('reads every module and filters, sorts and flips the sort', async () => {
    const table = new ModuleTable(fakeBridge().api);
    await table.load();
    expect(table.matching.map((r) => r.label)).toEqual(['Camera', 'Display 1', 'RoomLogic 1']);
    table.setFilter('status', 'stopped');
    expect(table.matching.map((r) => r.id)).toEqual([spare.id]);
    table.setFilter('status', '');
    table.setFilter('systemId', 'sys-huddle');
    table.sortBy('label');
    expect(table.direction).toBe('descending');
    expect(table.matching.map((r) => r.label)).toEqual(['RoomLogic 1', 'Display 1']);
  });
});
