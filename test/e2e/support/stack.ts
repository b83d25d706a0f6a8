import { test as base } from '@playwright/test';
import { hashPin } from '../../../core/technician/pin.ts';
import { type Front, runEnv, type Stack, type StackOptions, startStack } from './processes.ts';
import { Service } from './service.ts';

/*
 * How every spec gets its simulator and browser host: import `test` and `expect` from here, and
 * take `stack` and `service` in a test, as fixtures.
 *
 * - By default they are the worker's shared stack, started on the first test that asks for it and
 *   stopped when the worker ends. A spec may use it when it changes nothing another spec reads as
 *   seeded.
 * - A spec (or a describe) that changes rooms or the host's session, or needs a host started its
 *   own way, calls `ownStack({ … })` at its top. The stack starts before its first test and stops,
 *   with the log secrecy check, after its last; inside it `stack` and `service` are that one. The
 *   returned stack and service can be read in hooks and helpers too, once it has started.
 *
 * Own stacks are started in `beforeAll`, not as a worker option: an option that differs per spec
 * would give every such spec a worker, and a browser, of its own (measured: 57 workers instead of
 * 35 and a slower run). Here a worker runs spec after spec, each with what it asked for.
 */

export interface StackNeeds<F extends Front | undefined = undefined> extends StackOptions<F> {
  /** A kiosk panel for one room, its technician tools behind a PIN (hashed here, cheaply). */
  kiosk?: { system: string; pin: string; idleSeconds?: number };
  /** A new stack for every test (each must meet a host nobody has signed in to), not one for them all. */
  each?: boolean;
}

/** A stack a spec or describe has of its own: readable in its hooks, helpers and tests once started. */
export interface OwnStack<F extends Front | undefined = undefined> {
  readonly stack: Stack<F>;
  /** The Control Service's own API, as an administrator, for setup and checks. */
  readonly service: Service;
  /** The flags its host was started with, for a second host like it. */
  readonly hostArgs: string[];
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
async function kioskArgs(kiosk: NonNullable<StackNeeds['kiosk']>): Promise<string[]> {
  const hash = await hashPin(kiosk.pin, { N: 4096, r: 8, p: 1 });
  const idle = kiosk.idleSeconds === undefined ? [] : ['--technician-idle', String(kiosk.idleSeconds)];
  return ['--kiosk', '--system', kiosk.system, '--technician-pin', hash, ...idle];
}

/** How long starting or stopping a stack may take on a loaded machine (tsx compiles, slow spawns). */
const STACK_TIMEOUT_MS = 120_000;

/** The worker's shared stack: started on first use, so a worker that runs only own stacks starts none. */
class SharedStack {
  #started: Promise<{ stack: Stack; service: Service }> | undefined;

  get(): Promise<{ stack: Stack; service: Service }> {
    this.#started ??= startStack({ hostArgs: runArgs() }).then((stack) => ({
      stack,
      service: new Service(() => stack.simulator.url),
    }));
    return this.#started;
  }

  async stop(): Promise<void> {
    const started = this.#started;
    this.#started = undefined;
    await (await started)?.stack.stop();
  }
}

interface TestFixtures {
  stack: Stack;
  service: Service;
  hostArgs: string[];
  /** Set by `ownStack`: the stack of the spec or describe the test is in. */
  ownedStack: OwnStack<Front | undefined> | undefined;
}

export const test = base.extend<TestFixtures, { sharedStack: SharedStack }>({
  sharedStack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const shared = new SharedStack();
      await use(shared);
      await shared.stop();
    },
    { scope: 'worker', timeout: STACK_TIMEOUT_MS },
  ],
  ownedStack: [undefined, { option: true }],
  stack: async ({ ownedStack, sharedStack }, use) => {
    await use(ownedStack ? ownedStack.stack : (await sharedStack.get()).stack);
  },
  service: async ({ ownedStack, sharedStack }, use) => {
    await use(ownedStack ? ownedStack.service : (await sharedStack.get()).service);
  },
  hostArgs: async ({ ownedStack }, use) => {
    await use(ownedStack ? ownedStack.hostArgs : runArgs());
  },
});

/**
 * A stack of the calling spec's (or describe's) own: call it at the top of the file or the
 * describe, before its own hooks, which may then use it.
 */
export function ownStack<F extends Front | undefined = undefined>(needs: StackNeeds<F> = {}): OwnStack<F> {
  let started: Stack<F> | undefined;
  let hostArgs: string[] = [];
  const current = (): Stack<F> => {
    if (started === undefined)
      throw new Error('An own stack starts in its beforeAll: read it in a hook or a test, not at the top.');
    return started;
  };
  const stack: Stack<F> = {
    get simulator() {
      return current().simulator;
    },
    get host() {
      return current().host;
    },
    get front() {
      return current().front;
    },
    get dataFile() {
      return current().dataFile;
    },
    get dir() {
      return current().dir;
    },
    get hostDataDir() {
      return current().hostDataDir;
    },
    killSimulator: () => current().killSimulator(),
    restartSimulator: () => current().restartSimulator(),
    restartHost: (moreArgs) => current().restartHost(moreArgs),
    stop: () => current().stop(),
  };
  const own: OwnStack<F> = {
    stack,
    service: new Service(() => current().simulator.url),
    get hostArgs() {
      current();
      return hostArgs;
    },
  };
  const { kiosk, each, ...options } = needs;
  type Hook = () => Promise<void>;
  // Per test, the start counts against the test's own timeout; per describe, the hook gets its own.
  const before = (hook: Hook) => (each ? test.beforeEach(hook) : test.beforeAll(hook));
  const after = (hook: Hook) => (each ? test.afterEach(hook) : test.afterAll(hook));
  before(async () => {
    if (!each) test.setTimeout(STACK_TIMEOUT_MS);
    hostArgs = [...runArgs(), ...(kiosk ? await kioskArgs(kiosk) : []), ...(options.hostArgs ?? [])];
    started = await startStack({ ...options, hostArgs });
  });
  after(async () => {
    if (!each) test.setTimeout(STACK_TIMEOUT_MS);
    const stopping = started;
    started = undefined;
    await stopping?.stop();
  });
  test.use({ ownedStack: own as OwnStack<Front | undefined> });
  return own;
}

export { expect } from '@playwright/test';
