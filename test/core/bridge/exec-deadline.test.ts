import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contract/error-codes.ts';
import { ControlClient } from '../../../core/api/client.ts';
import { toBridgeError } from '../../../core/api/errors.ts';
import { Capabilities } from '../../../core/bridge/capabilities.ts';
import { systemsVerbs } from '../../../core/bridge/verbs/systems.ts';
import { RoundTripHistogram } from '../../../core/diagnostics/histogram.ts';
import { LinkHealth, observed } from '../../../core/link/health.ts';
import { createMemoryLog } from '../../../core/log/log.ts';
import { type Api, startApi, SYS } from '../../simulator/api/support.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { type FaultProxy, startFaultProxy } from '../../support/fault-proxy.ts';
import { httpExec, TestTokens, waitFor } from '../live/support.ts';

/**
 * A press over HTTP (no live socket: the polling path) against the real simulator behind the
 * fault proxy: a frozen service fails the press after 3 s with EXEC_UNANSWERED, the request is
 * aborted rather than left to land, and a press that was still waiting for its token when the
 * deadline passed is never sent afterwards. The device's state is the witness.
 */

const DISPLAY = { module: 'Display', index: 1 };

let api: Api;
let proxy: FaultProxy;

beforeAll(async () => {
  api = await startApi({ socket: true });
  proxy = await startFaultProxy(api.url);
});
afterEach(async () => {
  await proxy.set('pass');
});
afterAll(async () => {
  await proxy.close();
  await api.close();
});

function verbs(tokens: TestTokens, fetchCount?: { n: number; signals?: AbortSignal[] }) {
  const clock = new FakeClock(Date.now());
  const link = new LinkHealth(clock);
  const counting: typeof fetch = (input, init) => {
    if (fetchCount !== undefined) fetchCount.n += 1;
    if (init?.signal) fetchCount?.signals?.push(init.signal);
    return fetch(input, init);
  };
  const client = observed(
    new ControlClient({ baseUrl: proxy.url, auth: tokens, timeoutMs: 10_000, clock, fetch: counting }),
    link,
  );
  const systems = systemsVerbs({
    ready: Promise.resolve(),
    client,
    capabilities: new Capabilities(async () => 'allowed'),
    clock,
    log: createMemoryLog(),
    pollRoundTrips: new RoundTripHistogram(),
    link,
  });
  return { systems, clock, link };
}

const outcomeOf = (work: Promise<unknown>) =>
  work.then(
    () => 'answered',
    (error: unknown) => toBridgeError(error).code,
  );

/** The device's truth, read at the simulator itself (not through the proxy). */
async function power(): Promise<unknown> {
  const direct = new ControlClient({
    baseUrl: api.url,
    auth: new TestTokens(api, 'admin', api.tokens.admin),
    timeoutMs: 5_000,
  });
  return (await direct.systemState(SYS.huddle, DISPLAY)).power;
}

describe('a press over HTTP when the service does not answer', () => {
  it('is doubted at 3 s, fails when the probe goes unanswered too (EXEC_UNANSWERED, 4.5 s), the link called unreachable, and the request aborted', async () => {
    await httpExec(api, SYS.huddle, 'Display', 'power', [true]);
    const sent = { n: 0, signals: [] as AbortSignal[] };
    const { systems, clock, link } = verbs(new TestTokens(api, 'user', api.tokens.user), sent);
    await proxy.set('hang');
    const outcome = outcomeOf(systems.exec({ id: SYS.huddle, ...DISPLAY, method: 'power', args: [false] }));
    await waitFor(() => proxy.hits > 0, 'the exec reached the frozen service');
    await clock.advance(3_000);
    // Doubted, not failed: the probe (a cheap read of the same room) is on its way.
    await waitFor(() => sent.n === 2, 'the probe left');
    expect(await Promise.race([outcome, 'waiting'])).toBe('waiting');
    await clock.advance(1_500);
    expect(await outcome).toBe(ErrorCode.ROOMDECK_EXEC_UNANSWERED);
    expect(link.view()).toMatchObject({ state: 'unreachable', code: ErrorCode.ROOMDECK_EXEC_UNANSWERED });
    // The requests on the wire were cut: the service sees its connection close, not a late answer wanted.
    expect(sent.n).toBe(2);
    expect(sent.signals.every((signal) => signal.aborted)).toBe(true);
    await proxy.set('pass');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await power()).toBe(true);
  });

  it('a press still waiting for its token when the deadline passed is never sent, even once the token comes', async () => {
    await httpExec(api, SYS.huddle, 'Display', 'power', [true]);
    // The token is being renewed while the service is frozen: it comes only when the service is back.
    let release: (token: string) => void = () => {};
    const tokens = new TestTokens(api, 'user', api.tokens.user);
    tokens.getAccessToken = () => new Promise<string>((resolve) => (release = resolve));
    const fetches = { n: 0 };
    const { systems, clock } = verbs(tokens, fetches);
    const outcome = outcomeOf(systems.exec({ id: SYS.huddle, ...DISPLAY, method: 'power', args: [false] }));
    // The probe waits for the same token: unanswered too.
    await clock.advance(3_000);
    await clock.advance(1_500);
    expect(await outcome).toBe(ErrorCode.ROOMDECK_EXEC_UNANSWERED);
    release(api.tokens.user);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await clock.advance(30_000);
    expect(fetches.n).toBe(0);
    expect(await power()).toBe(true);
  });

  it('a press answered in time is not touched by the deadline', async () => {
    await httpExec(api, SYS.huddle, 'Display', 'power', [true]);
    const { systems, link } = verbs(new TestTokens(api, 'user', api.tokens.user));
    expect(await systems.exec({ id: SYS.huddle, ...DISPLAY, method: 'power', args: [false] })).toEqual({
      result: null,
    });
    expect(link.view().state).toBe('live');
    expect(await power()).toBe(false);
  });
});
