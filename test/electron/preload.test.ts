import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TECHNICIAN_ROUTE, verbNames } from '../../contract/channels.ts';
import { LIVE_EVENT_CHANNEL } from '../../contract/live.ts';

/**
 * The preload against fake contextBridge and ipcRenderer. The factory replaces `electron`
 * entirely, so the real package (which would try to download its binary) is never loaded. The mock
 * is this file's alone: the node project's files share one module graph per worker
 * (vitest.config.ts), so it is set before the preload is imported and taken away after.
 */
const fake = {
  exposed: new Map<string, unknown>(),
  invoked: [] as { channel: string; args: unknown }[],
  listeners: new Map<string, Set<(...args: unknown[]) => void>>(),
  answer: (_channel: string): unknown => ({ ok: true, value: null }),
};

const fakeElectron = () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: unknown) => fake.exposed.set(key, api),
  },
  ipcRenderer: {
    invoke: async (channel: string, args: unknown) => {
      fake.invoked.push({ channel, args });
      return fake.answer(channel);
    },
    on: (channel: string, listener: (...args: unknown[]) => void) => {
      const set = fake.listeners.get(channel) ?? new Set();
      set.add(listener);
      fake.listeners.set(channel, set);
    },
    removeListener: (channel: string, listener: (...args: unknown[]) => void) => {
      fake.listeners.get(channel)?.delete(listener);
    },
  },
});

type Exposed = Record<string, Record<string, (args?: unknown) => Promise<unknown>>>;
let roomdeck: Exposed;
beforeAll(async () => {
  vi.doMock('electron', fakeElectron);
  await import('../../electron/preload.ts');
  roomdeck = fake.exposed.get('roomdeck') as Exposed;
});
afterAll(() => {
  vi.doUnmock('electron');
});

describe('the preload', () => {
  it('exposes only the two bridges (exactly the contract’s verbs as functions) and the two live subscriptions', () => {
    expect([...fake.exposed.keys()]).toEqual([
      'roomdeck',
      'roomdeckTechnician',
      'roomdeckLive',
      'roomdeckTechnicianLive',
    ]);
    const technician = fake.exposed.get('roomdeckTechnician') as Exposed;
    expect(Object.keys(technician).sort()).toEqual(Object.keys(verbNames).sort());
    expect(Object.keys(roomdeck).sort()).toEqual(Object.keys(verbNames).sort());
    for (const [domain, verbs] of Object.entries(verbNames)) {
      expect(Object.keys(roomdeck[domain] ?? {}).sort()).toEqual([...verbs].sort());
      for (const verb of verbs) expect(typeof roomdeck[domain]?.[verb]).toBe('function');
    }
    expect(JSON.stringify(Object.keys(roomdeck))).not.toMatch(/invoke|ipc|send/i);
  });

  it('invokes the verb’s own domain:verb channel and unwraps the value', async () => {
    fake.answer = () => ({ ok: true, value: { result: 'on' } });
    const args = { id: 'sys-1', module: 'Display', method: 'power', args: [true] };
    await expect(roomdeck.systems?.exec?.(args)).resolves.toEqual({ result: 'on' });
    expect(fake.invoked.at(-1)).toEqual({ channel: 'systems:exec', args });
  });

  it('sends the technician’s calls on the technician’s own channels', async () => {
    fake.answer = () => ({ ok: true, value: { items: [] } });
    const technician = fake.exposed.get('roomdeckTechnician') as Exposed;
    await technician.systems?.list?.({ q: 'x' });
    expect(fake.invoked.at(-1)).toEqual({ channel: 'technician/systems:list', args: { q: 'x' } });
  });

  it('sends an empty object when a verb is called without an argument', async () => {
    await roomdeck.session?.status?.();
    expect(fake.invoked.at(-1)).toEqual({ channel: 'session:status', args: {} });
  });

  it('rejects with the error’s code, message and details as plain data that survives contextBridge', async () => {
    fake.answer = () => ({
      ok: false,
      error: {
        code: 'ROOMDECK_VERSION_CONFLICT',
        message: 'Someone else changed this room.',
        details: { v: 4 },
      },
    });
    await expect(roomdeck.systems?.update?.({})).rejects.toEqual({
      code: 'ROOMDECK_VERSION_CONFLICT',
      message: 'Someone else changed this room.',
      details: { v: 4 },
    });
  });

  it('exposes live events as a subscription only: the event’s data, never ipcRenderer or the IPC event', () => {
    const sender = { marker: 'ipcRenderer itself' };
    for (const [name, channel] of [
      ['roomdeckLive', LIVE_EVENT_CHANNEL],
      ['roomdeckTechnicianLive', `${TECHNICIAN_ROUTE}/${LIVE_EVENT_CHANNEL}`],
    ] as const) {
      const live = fake.exposed.get(name) as { subscribe: (l: (e: unknown) => void) => () => void };
      expect(Object.keys(live)).toEqual(['subscribe']);
      expect(Object.isFrozen(live)).toBe(true);
      const got: unknown[] = [];
      const unsubscribe = live.subscribe((event) => got.push(event));
      const data = { type: 'state', id: 'sys-1', module: 'Display', index: 1, state: { power: true } };
      for (const listener of fake.listeners.get(channel) ?? []) listener({ sender }, data);
      expect(got).toEqual([data]);
      unsubscribe();
      unsubscribe();
      expect(fake.listeners.get(channel)?.size).toBe(0);
      expect(() => live.subscribe('not a function' as never)).toThrow(TypeError);
    }
  });
});
