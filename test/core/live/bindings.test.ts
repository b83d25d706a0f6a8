import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WatchLists } from '../../../core/live/bindings.ts';
import { type ModuleKey, moduleKeyOf } from '../../../core/live/frames.ts';
import { ModuleFeed } from '../../../core/live/module-feed.ts';

const key = (mod: string, index = 1, sys = 'sys-1'): ModuleKey => ({ sys, mod, index });

describe('watch lists: union and reference counts', () => {
  it('binds a module two pages watch once, and unbinds it only when neither does', () => {
    const lists = new WatchLists();
    expect(lists.set('page-a', [key('Display'), key('Lights')])).toEqual({
      added: [key('Display'), key('Lights')],
      removed: [],
    });
    expect(lists.set('page-b', [key('Display')])).toEqual({ added: [], removed: [] });
    expect(lists.set('page-a', [key('Lights')])).toEqual({ added: [], removed: [] });
    expect(lists.forget('page-b')).toEqual([key('Display')]);
    expect(lists.set('page-a', [])).toEqual({ added: [], removed: [key('Lights')] });
    expect(lists.size).toBe(0);
  });

  it('counts a module listed twice by one page once', () => {
    const lists = new WatchLists();
    lists.set('p', [key('Display'), key('Display')]);
    expect(lists.forget('p')).toEqual([key('Display')]);
  });

  it('always holds exactly the union of the lists, announcing each module once on its way in and out', () => {
    const watcher = fc.constantFrom('w1', 'w2', 'w3');
    const target = fc.record({
      sys: fc.constantFrom('s1', 's2'),
      mod: fc.constantFrom('Display', 'Lights'),
      index: fc.integer({ min: 1, max: 2 }),
    });
    const op = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), watcher, keys: fc.array(target, { maxLength: 5 }) }),
      fc.record({ kind: fc.constant('forget' as const), watcher }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const lists = new WatchLists();
        const model = new Map<string, Set<string>>();
        const bound = new Set<string>();
        for (const o of ops) {
          const result =
            o.kind === 'set' ? lists.set(o.watcher, o.keys) : { added: [], removed: lists.forget(o.watcher) };
          if (o.kind === 'set') model.set(o.watcher, new Set(o.keys.map(moduleKeyOf)));
          else model.delete(o.watcher);
          for (const k of result.added) {
            expect(bound.has(moduleKeyOf(k))).toBe(false);
            bound.add(moduleKeyOf(k));
          }
          for (const k of result.removed) {
            expect(bound.delete(moduleKeyOf(k))).toBe(true);
          }
          const union = new Set([...model.values()].flatMap((s) => [...s]));
          expect([...bound].sort()).toEqual([...union].sort());
          expect(lists.all().map(moduleKeyOf).sort()).toEqual([...union].sort());
        }
      }),
    );
  });
});

describe('a module’s state: fresh only after a whole read, notifies laid over it', () => {
  it('holds notifies until the read lands, and they win over the read’s values', () => {
    const feed = new ModuleFeed();
    const generation = feed.reset();
    expect(feed.notify('power', true)).toBe(false);
    expect(feed.read(generation, { power: false, input: 'hdmi1' })).toEqual({ power: true, input: 'hdmi1' });
    expect(feed.fresh).toBe(true);
  });

  it('lays over the read only the notifies that arrived after it was asked: the ones before, it saw itself', () => {
    // The socket came back: the bind sent hdmi1; the input changed to hdmi2 before the service read
    // it, and the notify of that change is still on its way when the read's answer lands.
    const feed = new ModuleFeed();
    const generation = feed.reset();
    feed.notify('input', 'hdmi1');
    feed.notify('power', true);
    const asked = feed.readAsked();
    feed.notify('volume', 40);
    expect(feed.read(generation, { input: 'hdmi2', power: true, volume: 30 }, Infinity, asked)).toEqual({
      input: 'hdmi2',
      power: true,
      volume: 40,
    });
    // The change's own notify, late: the same value, nothing to send.
    expect(feed.notify('input', 'hdmi2')).toBe(false);
  });

  it('never makes a key older than the read, nor than a notify that came during it', () => {
    // One key's values over time: 0, 1, 2… The socket's notifies arrive in order, each up to 40 ms
    // after its change; the read is asked at some moment, the service reads the key up to 40 ms
    // later, and the answer lands up to 40 ms after that. One assumption, as for a room's devices:
    // a key changes at most once in 120 ms (two changes closer than a read's flight can still leave
    // the first one's notify laid over the read for a moment, until the second's arrives).
    const scenario = fc
      .record({
        gaps: fc.array(fc.integer({ min: 121, max: 400 }), { minLength: 1, maxLength: 8 }),
        lags: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 8, maxLength: 8 }),
        asked: fc.nat({ max: 3_000 }),
        readLag: fc.nat({ max: 40 }),
        answerLag: fc.nat({ max: 40 }),
      })
      .map(({ gaps, lags, asked, readLag, answerLag }) => {
        const at: number[] = [];
        for (const gap of gaps) at.push((at.at(-1) ?? 0) + gap);
        const arrives = at.map((c, i) => c + (lags[i] ?? 1));
        return { at, arrives, asked, readAt: asked + readLag, answered: asked + readLag + answerLag };
      });
    fc.assert(
      fc.property(scenario, ({ at, arrives, asked, readAt, answered }) => {
        const valueAt = (time: number) => at.filter((c) => c <= time).length;
        const feed = new ModuleFeed();
        const generation = feed.reset();
        // The bind's value, then the notifies that arrived before the read was asked.
        feed.notify('input', 0);
        for (const [i, time] of arrives.entries()) if (time <= asked) feed.notify('input', i + 1);
        const mark = feed.readAsked();
        // Those that arrive while it is out.
        let newestDuring = -1;
        for (const [i, time] of arrives.entries()) {
          if (time > asked && time < answered) {
            feed.notify('input', i + 1);
            newestDuring = i + 1;
          }
        }
        const merged = feed.read(generation, { input: valueAt(readAt) }, Infinity, mark)?.input;
        expect(merged).toBeGreaterThanOrEqual(valueAt(readAt));
        expect(merged).toBeGreaterThanOrEqual(newestDuring);
      }),
      { numRuns: 2_000 },
    );
  });

  it('merges each later notify into the whole state, sends nothing for an unchanged value, drops null keys', () => {
    const feed = new ModuleFeed();
    feed.read(feed.reset(), { power: false, input: 'hdmi1' });
    expect(feed.notify('power', true)).toBe(true);
    expect(feed.state()).toEqual({ power: true, input: 'hdmi1' });
    expect(feed.notify('power', true)).toBe(false);
    expect(feed.notify('input', null)).toBe(true);
    expect(feed.state()).toEqual({ power: true });
    expect(feed.notify('volume', 30)).toBe(true);
    expect(feed.state()).toEqual({ power: true, volume: 30 });
  });

  it('keeps at most the cap of keys a read names, held notifies for kept keys included', () => {
    const feed = new ModuleFeed();
    const generation = feed.reset();
    feed.notify('b', 20);
    feed.notify('z', 26);
    expect(feed.read(generation, { a: 1, b: 2, c: 3 }, 2)).toEqual({ a: 1, b: 20 });
    // What the page holds is a copy: changing it changes nothing here.
    const shown = feed.state();
    shown.a = 100;
    expect(feed.state()).toEqual({ a: 1, b: 20 });
  });

  it('ignores a read that a reset made old (the socket was renewed meanwhile)', () => {
    const feed = new ModuleFeed();
    const old = feed.reset();
    feed.reset();
    expect(feed.read(old, { power: true })).toBeNull();
    expect(feed.fresh).toBe(false);
  });

  it('is no longer fresh after a reset, but remembers its keys for rebinding', () => {
    const feed = new ModuleFeed();
    feed.read(feed.reset(), { power: false, input: 'hdmi1' });
    feed.reset();
    expect(feed.fresh).toBe(false);
    expect(feed.keys()).toEqual(['power', 'input']);
    expect(feed.notify('power', true)).toBe(false);
  });
});
