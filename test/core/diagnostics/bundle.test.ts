import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDiagnostics, diagnosticsFileName } from '../../../core/diagnostics/bundle.ts';
import { RoundTripHistogram } from '../../../core/diagnostics/histogram.ts';
import { createMemoryLog } from '../../../core/log/log.ts';

describe('the diagnostics bundle', () => {
  it('holds versions, configuration with sources, session and link state, poll times and the last log lines', () => {
    const log = createMemoryLog();
    for (let i = 0; i < 600; i += 1) log.info('poll', { i });
    log.error('exec-failed', { device: 'Display 1', code: 'ROOMDECK_DRIVER_ERROR' });
    const histogram = new RoundTripHistogram();
    histogram.record(12, true);
    histogram.record(700, true);
    histogram.record(12_000, false);
    const bundle = buildDiagnostics({
      now: new Date(Date.UTC(2026, 10, 24, 9, 30)),
      versions: { roomdeck: '0.1.0', electron: undefined, node: '20.20.2' },
      platform: { os: 'linux', release: '6.1', arch: 'x64', host: 'browser-host' },
      config: {
        serverUrl: 'https://control.example.org',
        clientSecret: 'S3CRET-X',
        serviceAccount: { username: 'panel', password: 'PW-Y' },
      },
      configSources: {
        serverUrl: 'machine config file /etc/roomdeck/config.json line 2',
        clientSecret: 'machine config file /etc/roomdeck/config.json line 3',
      },
      configProblems: [],
      session: { state: 'signed-in', refreshToken: 'RT-Z', expiresAt: 1 },
      link: { state: 'live' },
      pollRoundTrips: histogram.snapshot(),
      updates: { state: 'waiting-to-install', version: '0.2.0', reason: 'room-on', retryAt: 1 },
      logLines: log.recent(),
    });
    expect(bundle.kind).toBe('roomdeck-diagnostics');
    expect(bundle.updates).toEqual({
      state: 'waiting-to-install',
      version: '0.2.0',
      reason: 'room-on',
      retryAt: 1,
    });
    expect(bundle.log).toHaveLength(500);
    expect(bundle.lastErrors).toEqual([
      expect.objectContaining({ event: 'exec-failed', device: 'Display 1' }),
    ]);
    expect(bundle.configuration.sources.serverUrl).toMatch(/line 2/);
    // Where a secret came from is no secret: the technician needs it to find the value.
    expect(bundle.configuration.sources.clientSecret).toMatch(/line 3/);
    expect(bundle.pollRoundTrips).toMatchObject({
      total: 3,
      failures: 1,
      maxMs: 12_000,
      buckets: { '<=25ms': 1, '<=1000ms': 1, '>10000ms': 1 },
    });
    const text = JSON.stringify(bundle);
    for (const secret of ['S3CRET-X', 'PW-Y', 'RT-Z']) expect(text).not.toContain(secret);
    expect(text).toContain('panel');
    expect(diagnosticsFileName(new Date(Date.UTC(2026, 10, 24, 9, 30)))).toBe(
      'roomdeck-diagnostics-2026-11-24T09-30-00-000Z.json',
    );
  });

  it('keeps constant memory for poll times, and counts every one in exactly one bucket', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0, max: 60_000, noNaN: true }), fc.boolean())),
        (samples) => {
          const h = new RoundTripHistogram();
          for (const [ms, ok] of samples) h.record(ms, ok);
          const snap = h.snapshot();
          expect(Object.values(snap.buckets).reduce((a, b) => a + b, 0)).toBe(samples.length);
          expect(snap.failures).toBe(samples.filter(([, ok]) => !ok).length);
        },
      ),
    );
  });
});
