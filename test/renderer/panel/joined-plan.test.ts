import { describe, expect, it } from 'vitest';
import type { Funcs } from '#contract';
import type { ModuleInfo } from '../../../renderer/src/lib/plan/auto-controls.ts';
import { automaticPlan } from '../../../renderer/src/lib/plan/auto-plan.ts';
import { joinedPlan, joinedPlans } from '../../../renderer/src/lib/plan/joined-plan.ts';

/*
 * The combined room's panel keeps the call page of the room the panel stands in: its codec, never
 * the first codec of the combined room's merged list, and no call page where that room has none.
 */

const fn = (...names: string[]): Funcs[string] => ({
  arity: names.length,
  params: Object.fromEntries(names.map((n) => [n, {}])),
  order: names,
});
const info = (module: string, funcs: Funcs, index = 1, count = 1): ModuleInfo => ({
  module,
  index,
  count,
  funcs,
  state: {},
});
const logic = () => info('RoomLogic', { power: fn('state'), select_source: fn('name') }, 1, 1);
const codec = (index: number, count: number) =>
  info(
    'VidConf',
    { dial: fn('number'), hangup: fn(), call_accept: fn('id'), dtmf_send: fn('tones') },
    index,
    count,
  );
const lights = info('Lighting', { trigger: fn('area', 'scene') });
const withSources = (modules: ModuleInfo[], sources: string[]) =>
  modules.map((m) => (m.module === 'RoomLogic' ? { ...m, state: { sources, power: false } } : m));

describe('a combined room’s panel, as the room it stands in shows it', () => {
  // The combined room lists another half's codec first: the merged list would dial on it.
  const combined = automaticPlan(
    withSources([logic(), codec(1, 2), codec(2, 2), lights], ['Laptop A', 'Laptop B']),
  );
  const own = automaticPlan(
    withSources([logic(), info('Display', { power: fn('state') }), codec(1, 1)], ['Laptop']),
  );

  it('takes the call page and its codec from the room the panel stands in', () => {
    expect(combined.call).toMatchObject({ module: 'VidConf', index: 1 });
    const plan = joinedPlan(combined, {
      ...own,
      call: { module: 'VidConf', index: 7, can: ['dial', 'hangup'] },
    });
    expect(plan.call).toEqual({ module: 'VidConf', index: 7, can: ['dial', 'hangup'] });
    expect(plan.pages.filter((p) => p.kind === 'call')).toHaveLength(1);
  });

  it('keeps the combined room’s merged pages, the call page right after the sources', () => {
    const plan = joinedPlan(combined, own);
    const kinds = combined.pages.map((p) => p.kind);
    expect(kinds[0]).toBe('sources');
    expect(plan.pages.map((p) => p.kind)).toEqual(kinds);
    expect(plan.home).toBe(combined.home);
    expect(plan.power).toBe(combined.power);
  });

  it('has no call page when the room it stands in has no codec, whatever the combined room holds', () => {
    const none = automaticPlan(withSources([logic(), info('Display', { power: fn('state') })], ['Laptop']));
    const plan = joinedPlan(combined, none);
    expect(plan.call).toBeNull();
    expect(plan.pages.some((p) => p.kind === 'call')).toBe(false);
    expect(plan.pages.filter((p) => p.kind !== 'call')).toEqual(
      combined.pages.filter((p) => p.kind !== 'call'),
    );
  });

  it('is made again only when either plan changes', () => {
    const joined = joinedPlans();
    const first = joined(combined, own);
    expect(joined(combined, own)).toBe(first);
    expect(joined(combined, { ...own })).not.toBe(first);
  });
});
