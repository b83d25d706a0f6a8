import { describe, expect, it } from 'vitest';
import type { ToggleSpec } from '../../../renderer/src/lib/layout/model.ts';
import {
  nothingToUse,
  pictureMutes,
  startsWithRoomOn,
  transitionIn,
} from '../../../renderer/src/lib/panel/plan-facts.ts';
import type { PanelPlan, SourceTile } from '../../../renderer/src/lib/plan/plan.ts';

const EMPTY: PanelPlan = {
  source: 'automatic',
  home: [],
  power: null,
  volume: null,
  pages: [],
  advanced: [],
  bookings: null,
  problems: [],
};

const tile: SourceTile = {
  id: 'laptop',
  label: 'Laptop',
  icon: 'laptop',
  steps: [],
  active: { module: 'Display', index: 1, key: 'input', value: 'hdmi' },
  shownBy: [],
};

const blank = (status?: string): ToggleSpec => ({
  type: 'toggle',
  id: 'blank',
  label: 'Blank',
  module: 'Display',
  index: 2,
  status,
  on: { method: 'mute', args: [true] },
  off: { method: 'mute', args: [false] },
  onWhen: true,
  look: { icon: 'picture', onLabel: 'Picture blanked' },
});

const withControls = (...controls: ToggleSpec[]): PanelPlan => ({
  ...EMPTY,
  pages: [{ id: 'display', title: 'Display', kind: 'display', groups: [{ title: 'Display', controls }] }],
});

describe('what a plan says by itself', () => {
  it('has nothing to use only when it has no source, power, volume or control', () => {
    expect(nothingToUse(null)).toBe(false);
    expect(nothingToUse(EMPTY)).toBe(true);
    expect(nothingToUse({ ...EMPTY, home: [tile] })).toBe(false);
    expect(nothingToUse(withControls(blank('mute')))).toBe(false);
  });

  it('starts with Room on only without source tiles and with steps that start the room', () => {
    const power = { on: { module: 'RoomLogic', index: 1, key: 'on', value: true }, off: [] };
    const start = [{ module: 'RoomLogic', index: 1, command: { method: 'on', args: [] } }];
    expect(startsWithRoomOn({ ...EMPTY, power: { ...power, start } })).toBe(true);
    expect(startsWithRoomOn({ ...EMPTY, power })).toBe(false);
    expect(startsWithRoomOn({ ...EMPTY, home: [tile], power: { ...power, start } })).toBe(false);
  });

  it('reads the Blank picture toggles that report their state, as the state that means blanked', () => {
    expect(pictureMutes(withControls(blank('mute'), blank()))).toEqual([
      { module: 'Display', index: 2, key: 'mute', value: true },
    ]);
    expect(pictureMutes(null)).toEqual([]);
  });

  it('says warming or cooling from the first device reporting it, else nothing', () => {
    const plan = { ...EMPTY, home: [tile] };
    expect(
      transitionIn(plan, () => ({ warming: true, transition_seconds: 10, transition_remaining: 5 })),
    ).toEqual(expect.objectContaining({ kind: 'warming', percent: 50 }));
    expect(transitionIn(plan, () => ({ power: true }))).toBeNull();
    expect(transitionIn(null, () => ({ cooling: true }))).toBeNull();
  });
});
