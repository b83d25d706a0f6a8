import { describe, expect, it } from 'vitest';
import { joinViewOf, othersIn } from '../../../renderer/src/lib/join/join-state.ts';

const A = 'sys-train-a';
const B = 'sys-train-b';
const AB = 'sys-train-ab';

const modes = [
  {
    id: 'ab',
    name: 'Rimu Training A + B',
    rooms: [
      { id: A, name: 'Rimu Training A' },
      { id: B, name: 'Rimu Training B' },
    ],
    system_id: AB,
    merge_outputs: true,
  },
];

describe('a divisible room’s join, as its logic reports it', () => {
  it('offers nothing to a room without join modes (no Join control)', () => {
    const view = joinViewOf(A, { power: false });
    expect(view.modes).toEqual([]);
    expect(view.role).toBe('separate');
    expect(view.shown).toEqual({ kind: 'own' });
    expect(view.wallDisagrees).toBe(false);
  });

  it('reads a separate divisible room with its modes, named as people say them', () => {
    const view = joinViewOf(A, { join_modes: modes, join_mode: null, join_master: null, joined: [] });
    expect(view.role).toBe('separate');
    expect(view.modes.map((m) => m.id)).toEqual(['ab']);
    expect(othersIn(view.modes[0]!, A)).toEqual(['Rimu Training B']);
    expect(othersIn(view.modes[0]!, B)).toEqual(['Rimu Training A']);
  });

  it('stays pending on the master, on its own panel, until every room has confirmed', () => {
    const asked = {
      join_modes: modes,
      join_mode: 'ab',
      join_master: A,
      joined: [A, B],
      join_confirmed: false,
      join_pending: [B],
    };
    const view = joinViewOf(A, asked);
    expect(view.role).toBe('pending');
    expect(view.pending.map((r) => r.name)).toEqual(['Rimu Training B']);
    expect(view.shown).toEqual({ kind: 'own' });
    // "confirmed" with a room still listed as waiting is not trusted either.
    expect(joinViewOf(A, { ...asked, join_confirmed: true }).role).toBe('pending');
  });

  it('shows the combined room on the master once confirmed', () => {
    const view = joinViewOf(A, {
      join_modes: modes,
      join_mode: 'ab',
      join_master: A,
      joined: [A, B],
      join_confirmed: true,
      join_pending: [],
    });
    expect(view.role).toBe('master');
    expect(view.shown).toEqual({ kind: 'combined', systemId: AB });
    expect(view.master?.name).toBe('Rimu Training A');
  });

  it('locks the secondary from the moment its logic names another master, naming that room', () => {
    const state = {
      join_modes: modes,
      join_mode: 'ab',
      join_master: A,
      joined: [A, B],
      join_confirmed: false,
    };
    const view = joinViewOf(B, state);
    expect(view.role).toBe('secondary');
    expect(view.shown).toEqual({ kind: 'locked' });
    expect(view.master).toEqual({ id: A, name: 'Rimu Training A' });
  });

  it('mirrors the combined panel on the secondary when the mode does not lock it', () => {
    const open = [{ ...modes[0], lock_secondary: false }];
    const state = { join_modes: open, join_mode: 'ab', join_master: A, joined: [A, B], join_confirmed: true };
    expect(joinViewOf(B, state).shown).toEqual({ kind: 'combined', systemId: AB });
    // Not before every room has confirmed: until then it is locked.
    expect(joinViewOf(B, { ...state, join_confirmed: false }).shown).toEqual({ kind: 'locked' });
  });

  it('says when the wall disagrees with the mode, the logic’s judgement first', () => {
    // The wall folded away (open) joins the halves; closed, it keeps them apart.
    expect(joinViewOf(A, { join_modes: modes, join_mode: null, wall: 'open' }).wallDisagrees).toBe(true);
    expect(joinViewOf(A, { join_modes: modes, join_mode: null, wall: 'closed' }).wallDisagrees).toBe(false);
    const combined = {
      join_modes: modes,
      join_mode: 'ab',
      join_master: A,
      join_confirmed: true,
      wall: 'closed',
    };
    expect(joinViewOf(A, combined).wallDisagrees).toBe(true);
    expect(joinViewOf(A, { ...combined, wall_disagrees: false }).wallDisagrees).toBe(false);
    expect(joinViewOf(A, { ...combined, wall: 'open' }).wall).toBe('open');
    expect(joinViewOf(A, { ...combined, wall: null }).wall).toBe(null);
  });

  it('follows the wall only while automatic and no person’s choice holds', () => {
    expect(joinViewOf(A, { join_modes: modes, join_auto: true, join_override: false }).auto).toBe(true);
    expect(joinViewOf(A, { join_modes: modes, join_auto: true, join_override: true }).auto).toBe(false);
    expect(joinViewOf(A, { join_modes: modes, join_auto: false }).auto).toBe(false);
    expect(joinViewOf(A, { join_modes: modes }).auto).toBe(null);
  });

  it('leaves out malformed modes and an unknown mode rather than trusting them', () => {
    const view = joinViewOf(A, {
      join_modes: [{ id: 'solo', rooms: [A] }, { name: 'no id', rooms: [A, B] }, 'x', ...modes],
      join_mode: 'nonsense',
      join_master: B,
    });
    expect(view.modes.map((m) => m.id)).toEqual(['ab']);
    expect(view.role).toBe('separate');
  });

  it('reads rooms given as bare system ids', () => {
    const view = joinViewOf(A, {
      join_modes: [{ id: 'ab', name: 'A + B', room_ids: [A, B], system_id: AB }],
    });
    expect(view.modes[0]?.rooms).toEqual([
      { id: A, name: A },
      { id: B, name: B },
    ]);
  });
});
