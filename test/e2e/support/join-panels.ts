import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, runArgs, test } from './stack.ts';
import { signIn } from './panel.ts';
import { type Running, startHost } from './processes.ts';

/** The demo's divisible training room: its two halves and the room they make combined. */
export const A = 'sys-rimu-training-a';
export const B = 'sys-rimu-training-b';
export const AB = 'sys-rimu-training-ab';

export interface JoinPanels {
  a: Page;
  b: Page;
}

/**
 * For a spec whose own stack's host is bound to A: opens both halves' panels, each signed in on a
 * host of its own, as the two wall panels are. B's host is started once per spec file and stopped
 * after its last test.
 */
export function joinPanels(): (
  page: Page,
  browser: Browser,
  stack: { host: Running; simulator: Running; dir: string },
) => Promise<JoinPanels> {
  let hostB: Running | null = null;
  test.afterAll(async () => {
    await hostB?.stop();
  });
  return async (page, browser, stack) => {
    hostB ??= await startHost({
      serverUrl: stack.simulator.url,
      dataDir: path.join(stack.dir, 'host-b'),
      args: [...runArgs(), '--system', B],
    });
    const b = await (await browser.newContext()).newPage();
    await signIn(page, stack.host.url);
    await signIn(b, hostB.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Rimu Training A' })).toBeVisible();
    await expect(b.getByRole('heading', { level: 1, name: 'Rimu Training B' })).toBeVisible();
    return { a: page, b };
  };
}
