import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModuleState } from '#contract';
import { BridgeError } from '../../renderer/src/lib/bridge/bridge.ts';
import { systemClock } from '../../renderer/src/lib/time/clock.ts';
import { Poller, type PollTarget } from '../../renderer/src/lib/live/poller.ts';

/*
 * The poller under the live channel: a module whose pushed state has arrived is not
 * polled while the channel pushes; a stale pushed value is unknown until the fresh one; polling
 * resumes at once for every module when the channel falls back, and stops again module by module.
 */

const SETTINGS = { fastMs: 250, fastForMs: 3_000, idleMs: 2_000 };
const DISPLAY = { module: 'Display', index: 1 };
const LIGHTS = { module: 'Lighting', index: 1 };

interface Harness {
  poller: Poller;
  calls: PollTarget[];
  events: string[];
  answer: (target: PollTarget) => Promise<ModuleState>;
}

function harness(): Harness {
  const h: Harness = {
    calls: [],
    events: [],
    answer: async () => ({ power: 'polled' }),
    poller: undefined as unknown as Poller,
  };
  h.poller = new Poller({
    fetchState: (t) => {
      h.calls.push(t);
      return h.answer(t);
    },
    settings: SETTINGS,
    clock: systemClock,
    random: () => 0.5,
    isLinkLoss: (e) => e instanceof BridgeError && e.isLinkLoss,
    messageOf: (e) => (e instanceof Error ? e.message : String(e)),
    events: {
      state: (key, state) => h.events.push(`state ${key} ${JSON.stringify(state)}`),
      stale: (key, stale) => h.events.push(`stale ${key} ${stale}`),
      link: (lost) => h.events.push(`link ${lost ?? 'ok'}`),
    },
  });
  return h;
}

/** Polls answered by the test: each call answers the request out last. */
function holdAnswers(h: Harness): (state: ModuleState) => void {
  let answer: (state: ModuleState) => void = () => undefined;
  h.answer = () => new Promise((resolve) => (answer = resolve));
  return (state) => answer(state);
}

const count = (h: Harness, module: string) => h.calls.filter((c) => c.module === module).length;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the poller with the live channel pushing', () => {
  it('stops polling a module once its pushed state arrives, and feeds that state exactly as a poll answer', async () => {
    const h = harness();
    h.poller.watch(DISPLAY);
    h.poller.watch(LIGHTS);
    h.poller.setPush(true);
    h.poller.start();
    h.poller.pushState('Display/1', { power: 'pushed' });
    expect(h.events).toContain('state Display/1 {"power":"pushed"}');
    h.calls.length = 0;
    await vi.advanceTimersByTimeAsync(60_000);
    // The pushed module is not asked for at all; the one whose state has not come is polled after
    // pushWaitMs (3 s), then every idle interval (2 s).
    expect(count(h, 'Display')).toBe(0);
    expect(count(h, 'Lighting')).toBe(29);
    h.poller.pushState('Lighting/1', { level: 1 });
    h.calls.length = 0;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.calls).toEqual([]);
    // A press does not hurry a pushed module, and the exec's refresh asks for nothing: the push confirms.
    h.poller.pressed();
    h.poller.refresh('Display/1');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.calls).toEqual([]);
  });

  it('drops the answer of a poll that was out when the pushed state arrived (it was asked before)', async () => {
    const h = harness();
    const answer = holdAnswers(h);
    h.poller.watch(DISPLAY);
    h.poller.start();
    h.poller.setPush(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.calls).toHaveLength(1);
    h.poller.pushState('Display/1', { power: true });
    answer({ power: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.events.filter((e) => e.startsWith('state'))).toEqual(['state Display/1 {"power":true}']);
  });

  it('shows a stale pushed value as unknown until the fresh state, without polling it meanwhile', async () => {
    const h = harness();
    h.poller.watch(DISPLAY);
    h.poller.start();
    h.poller.setPush(true);
    h.poller.pushState('Display/1', { power: true });
    h.calls.length = 0;
    h.events.length = 0;
    h.poller.pushStale('Display/1');
    expect(h.events).toEqual(['stale Display/1 true']);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(h.calls).toEqual([]);
    h.poller.pushState('Display/1', { power: false });
    expect(h.events).toEqual([
      'stale Display/1 true',
      'state Display/1 {"power":false}',
      'stale Display/1 false',
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.calls).toEqual([]);
  });

  it('polls a stale module after all when its fresh state does not come (never unknown for ever)', async () => {
    const h = harness();
    h.poller.watch(DISPLAY);
    h.poller.start();
    h.poller.setPush(true);
    h.poller.pushState('Display/1', { power: true });
    h.calls.length = 0;
    h.events.length = 0;
    h.poller.pushStale('Display/1');
    await vi.advanceTimersByTimeAsync(7_500); // staleWaitMs 10 s with equal jitter at 0.5
    expect(h.calls).toEqual([DISPLAY]);
    expect(h.events).toEqual([
      'stale Display/1 true',
      'state Display/1 {"power":"polled"}',
      'stale Display/1 false',
    ]);
  });

  it('resumes polling every watched module at once when the channel falls back, and stops again module by module on push', async () => {
    const h = harness();
    h.poller.watch(DISPLAY);
    h.poller.watch(LIGHTS);
    h.poller.start();
    h.poller.setPush(true);
    h.poller.pushState('Display/1', { power: true });
    h.poller.pushState('Lighting/1', { level: 1 });
    await vi.advanceTimersByTimeAsync(0);
    h.calls.length = 0;
    h.poller.setPush(false);
    // At once, not at the next interval.
    await vi.advanceTimersByTimeAsync(0);
    expect(h.calls).toEqual([DISPLAY, LIGHTS]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(count(h, 'Display')).toBe(6);
    h.poller.setPush(true);
    h.poller.pushState('Display/1', { power: false });
    h.calls.length = 0;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(count(h, 'Display')).toBe(0);
    expect(count(h, 'Lighting')).toBe(5);
    h.poller.pushState('Lighting/1', { level: 2 });
    h.calls.length = 0;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.calls).toEqual([]);
  });

  it('waits for a newly watched module’s pushed state before polling it, and polls it if none comes', async () => {
    const h = harness();
    h.poller.start();
    h.poller.setPush(true);
    h.poller.watch(DISPLAY);
    h.poller.watch(LIGHTS);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.calls).toEqual([]);
    h.poller.pushState('Display/1', { power: true });
    await vi.advanceTimersByTimeAsync(1_000);
    // pushWaitMs (3 s): the lights' state never came, so they are polled; the display is not.
    expect(h.calls).toEqual([LIGHTS]);
  });

  it('checks a pushed state that contradicts the poll before it: not live until a poll asked after it answers', async () => {
    // The socket came back while the page polled: the page's poll saw the new input, the main
    // process's read (answered by the service a moment before the change) arrives after it.
    const h = harness();
    const answer = holdAnswers(h);
    h.poller.watch(DISPLAY);
    h.poller.start();
    await vi.advanceTimersByTimeAsync(0);
    answer({ input: 'hdmi2' });
    await vi.advanceTimersByTimeAsync(0);
    h.poller.pushStale('Display/1');
    h.poller.setPush(true);
    h.calls.length = 0;
    h.events.length = 0;
    h.poller.pushState('Display/1', { input: 'hdmi1' });
    // Not taken (the poll's value stays, not live: the stale event made it so) and read again at once.
    expect(h.events).toEqual([]);
    expect(h.calls).toEqual([DISPLAY]);
    answer({ input: 'hdmi2' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.events).toEqual(['state Display/1 {"input":"hdmi2"}', 'stale Display/1 false']);
    // Settled: the pushes that follow are live at once, and nothing is polled any more.
    h.calls.length = 0;
    h.events.length = 0;
    h.poller.pushState('Display/1', { input: 'hdmi3' });
    expect(h.events).toEqual(['state Display/1 {"input":"hdmi3"}']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.calls).toEqual([]);
  });

  it('takes a pushed state that agrees with the last poll as live, whatever the order of its keys', async () => {
    const h = harness();
    h.answer = async () => ({ power: true, input: 'hdmi2' });
    h.poller.watch(DISPLAY);
    h.poller.start();
    await vi.advanceTimersByTimeAsync(0);
    h.poller.setPush(true);
    h.calls.length = 0;
    h.events.length = 0;
    h.poller.pushState('Display/1', { input: 'hdmi2', power: true });
    expect(h.events).toEqual(['state Display/1 {"input":"hdmi2","power":true}']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.calls).toEqual([]);
  });

  it('a channel that starts over while a check is out: the check answers as a poll, and checks the next push', async () => {
    const h = harness();
    const answer = holdAnswers(h);
    h.poller.watch(DISPLAY);
    h.poller.setPush(true);
    h.poller.start();
    // No pushed state within pushWaitMs: polled.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(h.calls).toEqual([DISPLAY]);
    answer({ input: 'hdmi2' });
    await vi.advanceTimersByTimeAsync(0);
    h.poller.pushState('Display/1', { input: 'hdmi1' });
    h.poller.pushStale('Display/1');
    h.events.length = 0;
    answer({ input: 'hdmi3' });
    await vi.advanceTimersByTimeAsync(0);
    // The poll’s answer was shown live; the next push disagrees with it, so it is checked in turn.
    expect(h.events).toEqual(['state Display/1 {"input":"hdmi3"}', 'stale Display/1 false']);
    h.events.length = 0;
    h.calls.length = 0;
    h.poller.pushState('Display/1', { input: 'hdmi2' });
    expect(h.events).toEqual(['stale Display/1 true']);
    expect(h.calls).toEqual([DISPLAY]);
  });

  it('keeps a pushed value live when a poll of another module finds the service gone (the channel says so itself)', async () => {
    const h = harness();
    h.poller.watch(DISPLAY);
    h.poller.watch(LIGHTS);
    h.poller.start();
    h.poller.setPush(true);
    h.poller.pushState('Display/1', { power: true });
    h.events.length = 0;
    h.answer = async () => {
      throw new BridgeError({ code: 'ROOMDECK_OFFLINE', message: 'The Control Service is not answering.' });
    };
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.events).toContain('stale Lighting/1 true');
    expect(h.events).not.toContain('stale Display/1 true');
  });
});
