import { test as base } from '@playwright/test';
import { type Stack, startStack } from './processes.ts';
import { Service } from './service.ts';

export interface StackFixtures {
  /** Simulator + browser host, shared by the tests of one worker (they run one at a time). */
  stack: Stack;
  service: Service;
}

export const test = base.extend<{ service: Service }, { stack: Stack }>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const stack = await startStack();
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  service: async ({ stack }, use) => {
    await use(new Service(() => stack.simulator.url));
  },
});

export { expect } from '@playwright/test';
