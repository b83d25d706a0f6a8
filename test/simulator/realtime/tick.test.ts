import { describe, expect, it } from 'vitest';
import { DEFAULT_HUB_OPTIONS, Hub } from '../../../simulator/realtime/hub.ts';
import type { LiveSource } from '../../../simulator/realtime/source.ts';

/**
 * The tick brings time-driven modules up to date; only a change it makes costs a pass over the
 * bindings. A socket holding many bindings while nothing changes costs the tick nothing per binding.
 */

function countingSource() {
  let change: () => void = () => {};
  const counts = { resolve: 0, advance: 0 };
  const source: LiveSource & { change(): void } = {
    hasSystem: () => true,
    resolve: () => {
      counts.resolve += 1;
      return null;
    },
    resolveModule: () => null,
    exec: async () => null,
    onChange(listener) {
      change = listener;
      return () => {};
    },
    onAuthChange: () => {},
    tokenLive: () => true,
    grantLive: () => true,
    advanceTime: () => {
      counts.advance += 1;
    },
    now: () => 0,
    change: () => change(),
  };
  return { source, counts };
}

const until = async (done: () => boolean, what: string) => {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > 5000) throw new Error(`${what}: not within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('the hub’s tick', () => {
  it('does no per-binding work while nothing changes, and one pass when something does', async () => {
    const { source, counts } = countingSource();
    const hub = new Hub(source, { ...DEFAULT_HUB_OPTIONS, tickMs: 5, pongEveryMs: 0 });
    const sent: string[] = [];
    const session = hub.open(
      { send: (text) => sent.push(text), close: () => {} },
      { role: 'user', token: 't', grantId: 'g', expiresAt: Number.MAX_SAFE_INTEGER, openedAt: 0 },
      '127.0.0.1',
    );
    for (let id = 1; id <= 100; id += 1)
      session.receive(JSON.stringify({ id, cmd: 'bind', sys: 's', mod: `M${id}`, name: 'power' }));
    await until(() => sent.length === 100, 'every bind answered');
    const afterBinds = counts.resolve;

    // Twenty ticks and more with nothing changed.
    const advances = counts.advance;
    // (Or until a tick reads a binding: the failure this guards against.)
    await until(() => counts.advance >= advances + 20 || counts.resolve > afterBinds, 'twenty ticks');
    expect(counts.resolve).toBe(afterBinds);

    // A change: each binding read once.
    source.change();
    await until(() => counts.resolve >= afterBinds + 100, 'the pass after the change');
    expect(counts.resolve).toBe(afterBinds + 100);
    hub.close();
  });
});
