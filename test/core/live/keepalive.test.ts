import { describe, expect, it } from 'vitest';
import { DEFAULT_KEEPALIVE, Keepalive } from '../../../core/live/keepalive.ts';
import { FakeClock } from '../../support/fake-clock.ts';

function harness() {
  const clock = new FakeClock();
  const log: string[] = [];
  // The jitter's smallest draw: the shortest waits, the most frames.
  const keepalive = new Keepalive(
    clock,
    {
      sendPing: () => log.push(`ping@${clock.now()}`),
      onRoundTrip: (ms) => log.push(`rtt ${ms}`),
      onHung: () => log.push(`hung@${clock.now()}`),
    },
    DEFAULT_KEEPALIVE,
    () => 0,
  );
  return { clock, log, keepalive, t0: clock.now() };
}

describe('keep-alive', () => {
  it('pings on open and again an interval after each pong, reporting round trips', async () => {
    const { clock, log, keepalive, t0 } = harness();
    keepalive.start();
    expect(log).toEqual([`ping@${t0}`]);
    await clock.advance(40);
    keepalive.pong();
    expect(log.at(-1)).toBe('rtt 40');
    await clock.advance(DEFAULT_KEEPALIVE.intervalMs - 1);
    expect(log).toHaveLength(2);
    await clock.advance(1);
    expect(log.at(-1)).toBe(`ping@${t0 + 40 + DEFAULT_KEEPALIVE.intervalMs}`);
  });

  it('spreads the pings of sockets opened together over the jitter', async () => {
    const clock = new FakeClock();
    const pings: number[] = [];
    for (const draw of [0, 0.5, 0.999]) {
      const keepalive = new Keepalive(
        clock,
        { sendPing: () => pings.push(clock.now()), onRoundTrip: () => {}, onHung: () => {} },
        DEFAULT_KEEPALIVE,
        () => draw,
      );
      keepalive.start();
      keepalive.pong();
    }
    await clock.advance(DEFAULT_KEEPALIVE.intervalMs + DEFAULT_KEEPALIVE.jitterMs);
    const second = pings.slice(3).map((t) => t - pings[0]!);
    expect(second).toEqual([25_000, 27_500, 29_995]);
  });

  it('declares the socket hung when a pong is 4 s late (so the panel polls within 5 s of the ping)', async () => {
    const { clock, log, keepalive, t0 } = harness();
    keepalive.start();
    await clock.advance(3_999);
    expect(log.some((l) => l.startsWith('hung'))).toBe(false);
    await clock.advance(1);
    expect(log.at(-1)).toBe(`hung@${t0 + 4_000}`);
    keepalive.pong();
    await clock.advance(60_000);
    expect(log.filter((l) => l.startsWith('ping'))).toHaveLength(1);
  });

  it('probes at once when asked (an exec went unanswered), once while a ping is out', async () => {
    const { clock, log, keepalive } = harness();
    keepalive.start();
    keepalive.pong();
    await clock.advance(1_000);
    keepalive.probe();
    keepalive.probe();
    expect(log.filter((l) => l.startsWith('ping'))).toHaveLength(2);
    await clock.advance(5_000);
    expect(log.at(-1)?.startsWith('hung')).toBe(true);
  });

  it('a probe gets 1.5 s for its pong, and brings forward the deadline of a ping already out', async () => {
    const { clock, log, keepalive, t0 } = harness();
    keepalive.start();
    await clock.advance(500);
    // The ping sent on open has 4 s; an exec going unanswered now shortens it to 1.5 s from here.
    keepalive.probe();
    expect(log.filter((l) => l.startsWith('ping'))).toHaveLength(1);
    await clock.advance(1_499);
    expect(log.some((l) => l.startsWith('hung'))).toBe(false);
    await clock.advance(1);
    expect(log.at(-1)).toBe(`hung@${t0 + 2_000}`);
  });

  it('in use: pings every 1.5–2 s and calls a silence hung within 5 s of its start; idle again: the long cadence', async () => {
    const { clock, log, keepalive, t0 } = harness();
    keepalive.start();
    keepalive.pong();
    await clock.advance(10_000);
    // Becoming active pings at once (the link may have frozen during the long wait).
    keepalive.setActive(true);
    expect(log.at(-1)).toBe(`ping@${t0 + 10_000}`);
    keepalive.pong();
    await clock.advance(DEFAULT_KEEPALIVE.activeIntervalMs);
    expect(log.at(-1)).toBe(`ping@${t0 + 10_000 + DEFAULT_KEEPALIVE.activeIntervalMs}`);
    keepalive.pong();
    // A freeze just after that pong: the next ping, then its deadline, all within 5 s.
    const frozenAt = clock.now();
    for (let t = 0; t < 5_000 && !log.at(-1)?.startsWith('hung'); t += 100) await clock.advance(100);
    expect(log.at(-1)?.startsWith('hung')).toBe(true);
    expect(clock.now() - frozenAt).toBeLessThanOrEqual(5_000);
  });

  it('idle again after use: the next ping waits the idle interval', async () => {
    const { clock, log, keepalive } = harness();
    keepalive.start();
    keepalive.setActive(true);
    keepalive.pong();
    keepalive.setActive(false);
    await clock.advance(DEFAULT_KEEPALIVE.activeIntervalMs);
    // The wait scheduled while active stands; after its pong the idle cadence resumes.
    keepalive.pong();
    const pings = log.filter((l) => l.startsWith('ping')).length;
    await clock.advance(DEFAULT_KEEPALIVE.intervalMs - 1);
    expect(log.filter((l) => l.startsWith('ping'))).toHaveLength(pings);
    await clock.advance(1);
    expect(log.filter((l) => l.startsWith('ping'))).toHaveLength(pings + 1);
  });

  it('costs an idle socket at most 0.1 frames/s both ways, the server’s own 80 s pong included', async () => {
    const { clock, log, keepalive } = harness();
    keepalive.start();
    const hour = 3_600_000;
    // A healthy service: each ping is answered at once.
    for (let elapsed = 0; elapsed < hour; elapsed += 1_000) {
      if (log.at(-1)?.startsWith('ping')) keepalive.pong();
      await clock.advance(1_000);
    }
    const pings = log.filter((l) => l.startsWith('ping')).length;
    expect(pings).toBeGreaterThan(100);
    const framesPerSecond = (pings * 2) / (hour / 1000) + 1 / 80;
    expect(framesPerSecond).toBeLessThanOrEqual(0.1);
    keepalive.stop();
  });
});
