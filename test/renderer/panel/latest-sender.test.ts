import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LatestSender } from '../../../renderer/src/lib/panel/latest-sender.ts';

function manual() {
  const sent: number[] = [];
  const pending: (() => void)[] = [];
  const sender = new LatestSender<number>(
    (v) =>
      new Promise<void>((resolve) => {
        sent.push(v);
        pending.push(resolve);
      }),
  );
  const finishOne = async () => {
    pending.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { sender, sent, pending, finishOne };
}

describe('a fader’s sender', () => {
  it('keeps one command in flight, drops what a newer value replaces, and sends the last value', async () => {
    const { sender, sent, finishOne } = manual();
    for (const v of [1, 2, 3, 4, 5]) sender.push(v);
    expect(sent).toEqual([1]);
    await finishOne();
    expect(sent).toEqual([1, 5]);
    await finishOne();
    expect(sent).toEqual([1, 5]);
    expect(sender.busy).toBe(false);
  });

  it('whatever the drag, ends with the released value and never has two commands out', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.integer(), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 }),
        async (bursts) => {
          const { sender, sent, pending, finishOne } = manual();
          for (const burst of bursts) {
            for (const v of burst) sender.push(v);
            expect(pending.length).toBeLessThanOrEqual(1);
            await finishOne();
          }
          while (pending.length > 0) await finishOne();
          expect(sent.at(-1)).toBe(bursts.at(-1)!.at(-1));
          expect(sent.length).toBeLessThanOrEqual(bursts.flat().length);
        },
      ),
    );
  });

  it('carries on after a failed command and reports the last one', async () => {
    const settled: [number, unknown][] = [];
    const sender = new LatestSender<number>(
      async (v) => {
        if (v === 1) throw new Error('offline');
      },
      { settled: (v, e) => settled.push([v, e]) },
    );
    sender.push(1);
    await new Promise((r) => setTimeout(r, 0));
    sender.push(2);
    await new Promise((r) => setTimeout(r, 0));
    expect(settled.map(([v, e]) => [v, e === null ? null : (e as Error).message])).toEqual([
      [1, 'offline'],
      [2, null],
    ]);
  });
});
