import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../contract/types.ts';
import type { SessionStatus } from '../../../core/auth/session-types.ts';
import { LiveChannel } from '../../../core/bridge/live-channel.ts';
import type { LiveFeedsSeed } from '../../../core/bridge/live-seed.ts';
import { createMemoryLog } from '../../../core/log/log.ts';
import { FakeLiveFeeds } from '../../support/fake-live-feeds.ts';

/**
 * One route's live channel on its own: the feeds follow the session, a feeds made after the
 * session ended is closed unseen, a failure to make one leaves the pages polling, and a route whose
 * pages may not receive events now (the technician's, gate closed) gets none.
 */

function fakeSession(state: SessionStatus['state'] = 'signed-out') {
  const listeners = new Set<(s: SessionStatus) => void>();
  let status = { state } as SessionStatus;
  return {
    status: () => status,
    onChange: (listener: (s: SessionStatus) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: SessionStatus['state']) {
      status = { state: next } as SessionStatus;
      for (const listener of listeners) listener(status);
    },
  };
}

/** A creation the test finishes when it chooses. */
function heldCreation() {
  const made: FakeLiveFeeds[] = [];
  const pending: ((feeds: FakeLiveFeeds) => void)[] = [];
  const create = () =>
    new Promise<FakeLiveFeeds>((resolve) => {
      pending.push(resolve);
    });
  const finish = () => {
    const feeds = new FakeLiveFeeds({} as LiveFeedsSeed);
    made.push(feeds);
    pending.shift()?.(feeds);
    return feeds;
  };
  return { create, finish, made, pending };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('a route’s live channel', () => {
  it('closes a feeds that arrives after the session ended, and never hands it out', async () => {
    const session = fakeSession();
    const held = heldCreation();
    const channel = new LiveChannel({ session, enabled: true, create: held.create, log: createMemoryLog() });
    session.set('signed-in');
    expect(held.pending).toHaveLength(1);
    session.set('signed-out');
    const late = held.finish();
    await flush();
    expect(late.closed).toBe(true);
    expect(channel.current()).toBeUndefined();
    expect(channel.status()).toEqual({ mode: 'polling' });
    // Signed in again: a fresh one.
    session.set('signed-in');
    const fresh = held.finish();
    await flush();
    expect(channel.current()).toBe(fresh);
    await channel.close();
    expect(fresh.closed).toBe(true);
  });

  it('binds what a page said it shows before the feeds existed, once they do (and not what it stopped showing)', async () => {
    const session = fakeSession();
    const held = heldCreation();
    const channel = new LiveChannel({ session, enabled: true, create: held.create, log: createMemoryLog() });
    session.set('signed-in');
    // A view opened in the moment between the sign-in and its feeds: it is told to poll.
    const display = [{ module: 'Display', index: 1 }];
    expect(channel.watch('page-tools-1', 'sys-1', display)).toEqual({ mode: 'polling' });
    expect(channel.watch('page-panel-1', 'sys-1', [{ module: 'Mixer', index: 1 }])).toEqual({
      mode: 'polling',
    });
    channel.watch('page-panel-1', 'sys-1', []);
    channel.watch('page-gone-01', 'sys-2', display);
    channel.forget('page-gone-01');
    const feeds = held.finish();
    await flush();
    expect([...feeds.watched.entries()]).toEqual([['page-tools-1', { systemId: 'sys-1', targets: display }]]);
    await channel.close();
  });

  it('tells feeds made later which pages said their room is in use', async () => {
    const session = fakeSession();
    const held = heldCreation();
    const channel = new LiveChannel({ session, enabled: true, create: held.create, log: createMemoryLog() });
    session.set('signed-in');
    const display = [{ module: 'Display', index: 1 }];
    channel.watch('page-active-1', 'sys-1', display, true);
    channel.watch('page-idle-01', 'sys-2', display);
    const feeds = held.finish();
    await flush();
    expect([...feeds.active]).toEqual(['page-active-1']);
    channel.watch('page-active-1', 'sys-1', display, false);
    expect([...feeds.active]).toEqual([]);
    await channel.close();
  });

  it('stays polling when the feeds cannot be made, and says why in the log', async () => {
    const session = fakeSession();
    const log = createMemoryLog();
    const channel = new LiveChannel({
      session,
      enabled: true,
      create: async () => {
        throw new Error('no route');
      },
      log,
    });
    session.set('signed-in');
    await flush();
    expect(channel.status()).toEqual({ mode: 'polling' });
    expect(log.recent().join('\n')).toContain('live channel not started');
  });

  it('delivers nothing while its pages may not receive events', async () => {
    const session = fakeSession('signed-in');
    const held = heldCreation();
    let open = false;
    const channel = new LiveChannel({
      session,
      enabled: true,
      create: held.create,
      allowed: () => open,
      log: createMemoryLog(),
    });
    channel.sync();
    const feeds = held.finish();
    await flush();
    const got: LiveEvent[] = [];
    channel.subscribe((event) => got.push(event));
    const event: LiveEvent = { type: 'stale', id: 'sys-1', module: 'Display', index: 1 };
    feeds.emit(event);
    expect(got).toEqual([]);
    open = true;
    feeds.emit(event);
    expect(got).toEqual([event]);
  });

  it('makes nothing when switched off', () => {
    const session = fakeSession('signed-in');
    const held = heldCreation();
    const channel = new LiveChannel({ session, enabled: false, create: held.create, log: createMemoryLog() });
    channel.sync();
    session.set('signed-in');
    expect(held.pending).toHaveLength(0);
    expect(channel.status()).toEqual({ mode: 'polling' });
  });
});
