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
