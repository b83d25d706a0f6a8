import { test as base } from '@playwright/test';
import { hashPin } from '../../../core/technician/pin.ts';
import { runEnv, type Stack, startStack } from './processes.ts';
import { Service } from './service.ts';

/*
 * A simulator + browser host of a spec's own, for the specs that change rooms or the host's session
 * (the technician specs, accounts, diagnostics) and so must not share fixtures.ts's stack.
 *
 * Every such spec says what its stack is with `test.use({ ownStack: { … } })` at its top. That
 * override of a worker option gives the spec a worker of its own (Playwright runs tests whose worker
 * fixtures differ in different workers), so the stack below lives exactly as long as the spec: it
 * starts before the spec's first test and stops, with the log secrecy check, after its last.
 *
 * Run parameters, read where the host starts (processes.ts, so shared stacks and own stacks alike):
 * `ROOMDECK_E2E_API=legacy|current` passes `--api` (the API generation; unset: `auto`, as `npm
 * start`). `npm run test:e2e:current` runs the suite against the current generation.
 */

export interface OwnStackOptions {
  /** A kiosk panel for one room, its technician tools behind a PIN (hashed here, cheaply). */
  kiosk?: { system: string; pin: string; idleSeconds?: number };
  /** A configuration file for the host (`--config`), written 0600 into the stack's directory. */
  config?: Record<string, unknown>;
  /** More flags for the host. */
  hostArgs?: string[];
}

export interface OwnStackFixtures {
  ownStack: OwnStackOptions | undefined;
  /** The flags the stack's host was started with, for a second host like it. */
  hostArgs: string[];
  stack: Stack;
  /** The Control Service's own API, as an administrator, for setup and checks. */
  service: Service;
}

/**
 * The run's parameters, for every stack started here: `ROOMDECK_E2E_LIVE=on|off` passes
 * `--live` (unset: what `npm start` does, on). A spec's own `hostArgs` come after, so a spec that
 * needs one setting says so and wins.
 */
export function runArgs(env: NodeJS.ProcessEnv = runEnv()): string[] {
  const live = env.ROOMDECK_E2E_LIVE;
  if (live === undefined || live === '') return [];
  if (live !== 'on' && live !== 'off') throw new Error(`ROOMDECK_E2E_LIVE must be on or off (got "${live}")`);
  return ['--live', live];
}

/** What a kiosk with a technician PIN is started with (a cheaper scrypt cost: the gate reads it from the hash). */
async function kioskArgs(kiosk: NonNullable<OwnStackOptions['kiosk']>): Promise<string[]> {
  const hash = await hashPin(kiosk.pin, { N: 4096, r: 8, p: 1 });
  const idle = kiosk.idleSeconds === undefined ? [] : ['--technician-idle', String(kiosk.idleSeconds)];
  return ['--kiosk', '--system', kiosk.system, '--technician-pin', hash, ...idle];
}

// biome-ignore lint/complexity/noBannedTypes: no test-scoped fixtures; every one here lives per worker.
export const test = base.extend<{}, OwnStackFixtures>({
  ownStack: [undefined, { scope: 'worker', option: true }],
  hostArgs: [
    async ({ ownStack }, use) => {
      if (ownStack === undefined) {
        throw new Error(
          'A spec using own-stack.ts says test.use({ ownStack: { … } }) at its top: that gives it a worker, and so a stack, of its own.',
        );
      }
      await use([
        ...runArgs(),
        ...(ownStack.kiosk ? await kioskArgs(ownStack.kiosk) : []),
        ...(ownStack.hostArgs ?? []),
      ]);
    },
    { scope: 'worker' },
  ],
  stack: [
    async ({ ownStack, hostArgs }, use) => {
      const stack = await startStack({
        hostArgs,
        ...(ownStack?.config === undefined ? {} : { hostConfig: ownStack.config }),
      });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  service: [
    async ({ stack }, use) => {
      await use(new Service(() => stack.simulator.url));
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
