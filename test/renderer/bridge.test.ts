import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_KEY_HEADER, PAGE_KEY_STORAGE, verbNames } from '#contract';
import type { RoomdeckApi } from '#contract';
import { MAX_EXEC_TIMEOUT_MS } from '../../core/api/client.ts';
import { contractApi } from '../support/contract-api.ts';
import {
  BridgeError,
  createBridge,
  defaultTimeoutMs,
  pageKeyOf,
} from '../../renderer/src/lib/bridge/bridge.ts';

type FetchArgs = [string, RequestInit];

function fakeFetch(answer: (url: string, init: RequestInit) => Promise<Response>) {
  const calls: FetchArgs[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    calls.push([url, init]);
    return answer(url, init);
  }) as unknown as typeof fetch;
  return { fn, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.useRealTimers();
});

describe('the HTTP bridge', () => {
  it('posts the argument as JSON to /bridge/{domain}/{verb} with the page’s cookie and returns the value', async () => {
    const { fn, calls } = fakeFetch(async () => json({ ok: true, value: { result: 42 } }));
    const api = createBridge({ fetch: fn });
    await expect(
      api.systems.exec({ id: 'sys-1', module: 'Display', method: 'power', args: [true] }),
    ).resolves.toEqual({ result: 42 });
    const [url, init] = calls[0]!;
    expect(url).toBe('/bridge/systems/exec');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(JSON.parse(String(init.body))).toEqual({
      id: 'sys-1',
      module: 'Display',
      method: 'power',
      args: [true],
    });
  });

  it('sends the tab’s page key with every call, beside the cookie, and never in the body', async () => {
    const { fn, calls } = fakeFetch(async () => json({ ok: true, value: null }));
    const api = createBridge({ fetch: fn, pageKey: 'k'.repeat(43), baseUrl: '/technician' });
    await api.session.status({});
    await api.systems.list({ limit: 1 });
    for (const [url, init] of calls) {
      expect(new Headers(init.headers).get(PAGE_KEY_HEADER), url).toBe('k'.repeat(43));
      expect(String(init.body)).not.toContain('k'.repeat(43));
    }
    expect(calls.map(([url]) => url)).toEqual([
      '/technician/bridge/session/status',
      '/technician/bridge/systems/list',
    ]);
    // A tab without a key sends no empty header (the host then says how to connect the tab).
    const bare = fakeFetch(async () => json({ ok: true, value: null }));
    await createBridge({ fetch: bare.fn, pageKey: null }).session.status({});
    expect(new Headers(bare.calls[0]?.[1].headers).has(PAGE_KEY_HEADER)).toBe(false);
  });

  it('reads the page key from this tab’s sessionStorage, and none where storage is blocked', () => {
    const storage = { getItem: (name: string) => (name === PAGE_KEY_STORAGE ? 'the-key' : null) };
    expect(pageKeyOf(() => storage)).toBe('the-key');
    expect(pageKeyOf(() => ({ getItem: () => null }))).toBeNull();
    expect(pageKeyOf(() => undefined)).toBeNull();
    expect(
      pageKeyOf(() => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      }),
    ).toBeNull();
  });

  it('offers every verb of the contract and nothing else', () => {
    const api = createBridge({ fetch: fakeFetch(async () => json({ ok: true, value: null })).fn });
    for (const [domain, verbs] of Object.entries(verbNames)) {
      expect(Object.keys(api[domain as keyof RoomdeckApi]).sort()).toEqual([...verbs].sort());
    }
  });

  it('rejects with the bridge’s code and message when the verb fails', async () => {
    const api = createBridge({
      fetch: fakeFetch(async () =>
        json({ ok: false, error: { code: 'ROOMDECK_DRIVER_ERROR', message: 'Display is not responding' } }),
      ).fn,
    });
    const error = await api.systems.types({ id: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ code: 'ROOMDECK_DRIVER_ERROR', message: 'Display is not responding' });
  });

  it('turns a network failure of the host itself into ROOMDECK_BRIDGE_UNREACHABLE (link loss)', async () => {
    const api = createBridge({
      fetch: fakeFetch(async () => {
        throw new TypeError('Failed to fetch');
      }).fn,
    });
    const error = (await api.session.status({}).catch((e: unknown) => e)) as BridgeError;
    expect(error.code).toBe('ROOMDECK_BRIDGE_UNREACHABLE');
    expect(error.isLinkLoss).toBe(true);
  });

  it('gives up after the call’s deadline with ROOMDECK_TIMEOUT and aborts the request', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const api = createBridge({
      fetch: fakeFetch((_url, init) => {
        signal = init.signal ?? undefined;
        return new Promise<Response>(() => {});
      }).fn,
      timeoutMs: () => 1_000,
    });
    const result = api.systems.state({ id: 's', module: 'Display' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await result).toMatchObject({ code: 'ROOMDECK_TIMEOUT' });
    expect(signal?.aborted).toBe(true);
  });

  it('waits for exec longer than the main process does, so the main process’s answer (in its words) arrives first', () => {
    // A page that gave up first would call failed a press the main process is still carrying out.
    expect(defaultTimeoutMs('systems', 'exec')).toBeGreaterThan(MAX_EXEC_TIMEOUT_MS);
  });

  it('says a hung exec in a person’s words, never the verb’s internal name', async () => {
    vi.useFakeTimers();
    const api = createBridge({ fetch: fakeFetch(() => new Promise<Response>(() => {})).fn });
    const result = api.systems
      .exec({ id: 's', module: 'Display', method: 'power', args: [true] })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(defaultTimeoutMs('systems', 'exec'));
    const failure = (await result) as BridgeError;
    expect(failure.code).toBe('ROOMDECK_TIMEOUT');
    expect(failure.message).toBe(
      'The command got no answer within 30 s. It may still take effect: watch the room, and try again if nothing changes.',
    );
    expect(failure.message).not.toMatch(/systems|exec|\.\w+\b took/);
  });

  it('keeps verb names out of the deadline words of every verb, over IPC too', async () => {
    vi.useFakeTimers();
    const never = new Proxy({}, { get: () => new Proxy({}, { get: () => () => new Promise(() => {}) }) });
    const api = createBridge({ ipc: never as RoomdeckApi, timeoutMs: () => 1_000 });
    for (const [domain, verbs] of Object.entries(verbNames)) {
      for (const verb of verbs) {
        const call = (api as unknown as Record<string, Record<string, (a: unknown) => Promise<unknown>>>)[
          domain
        ]![verb]!;
        const result = call({}).catch((e: unknown) => e);
        await vi.advanceTimersByTimeAsync(1_000);
        const message = ((await result) as BridgeError).message;
        expect(message).not.toContain(`${domain}.${verb}`);
        expect(message).not.toMatch(/\b[a-z]+\.[a-zA-Z]+\b/);
      }
    }
  });

  it('reports session-ending errors so the app can go to the sign-in screen', async () => {
    const ended: string[] = [];
    const api = createBridge({
      fetch: fakeFetch(async () =>
        json({ ok: false, error: { code: 'ROOMDECK_SESSION_ENDED', message: 'Your session has ended.' } }),
      ).fn,
      onSessionEnded: (e) => ended.push(e.code),
    });
    await api.systems.list({}).catch(() => undefined);
    expect(ended).toEqual(['ROOMDECK_SESSION_ENDED']);
  });

  it('reads an error body even on a non-200 status (the host refuses a stale page with 401)', async () => {
    const api = createBridge({
      fetch: fakeFetch(async () =>
        json(
          { ok: false, error: { code: 'ROOMDECK_BRIDGE_UNAUTHORIZED', message: 'Reload the page.' } },
          401,
        ),
      ).fn,
    });
    await expect(api.config.get({})).rejects.toMatchObject({ code: 'ROOMDECK_BRIDGE_UNAUTHORIZED' });
  });
});

describe('the IPC bridge', () => {
  it('uses window.roomdeck when present and keeps the code Electron’s rejection carries', async () => {
    const ipcError = Object.assign(
      new Error("Error invoking remote method 'systems:exec': Error: Display is not responding"),
      { code: 'ROOMDECK_DRIVER_ERROR' },
    );
    const ipc = contractApi({ systems: { exec: vi.fn(async () => Promise.reject(ipcError)) } });
    const fetch = vi.fn();
    const api = createBridge({ ipc, fetch: fetch as unknown as typeof globalThis.fetch });
    const error = await api.systems
      .exec({ id: 's', module: 'Display', method: 'power' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ROOMDECK_DRIVER_ERROR', message: 'Display is not responding' });
    expect(fetch).not.toHaveBeenCalled();
  });
});
