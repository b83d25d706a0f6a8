import type { ErrorCode, ModuleState } from '#contract';
import type { RoomPort } from '../../../renderer/src/lib/control/control-state.svelte.ts';
import { BridgeError } from '../../../renderer/src/lib/bridge/bridge.ts';
import { systemClock } from '../../../renderer/src/lib/time/clock.ts';
import type { Command } from '../../../renderer/src/lib/layout/model.ts';
import { ModuleFeed } from '../../../renderer/src/lib/live/poller.svelte.ts';

export interface SentCommand {
  module: string;
  index: number;
  method: string;
  args: unknown[];
}

interface Deferred {
  resolve(value?: unknown): void;
  reject(error: unknown): void;
}

/**
 * A room without a service: commands are recorded and stay in flight until the test settles them;
 * feeds receive whatever state the test pushes, as if a poll had returned it.
 */
export class FakeRoom implements RoomPort {
  readonly sent: SentCommand[] = [];
  readonly #inFlight: Deferred[] = [];
  readonly #feeds = new Map<string, ModuleFeed>();
  readonly clock = systemClock;
  confirmTimeoutMs = 5_000;

  feed(module: string, index: number): ModuleFeed {
    const key = `${module}/${index}`;
    let feed = this.#feeds.get(key);
    if (!feed) {
      feed = new ModuleFeed(key);
      this.#feeds.set(key, feed);
    }
    return feed;
  }

  exec(module: string, index: number, command: Command): Promise<unknown> {
    this.sent.push({ module, index, ...command });
    return new Promise((resolve, reject) => this.#inFlight.push({ resolve, reject }));
  }

  messageOf(error: unknown): string {
    return error instanceof Error ? error.message : String(error);
  }

  /** The device (poll) reports this state. */
  report(module: string, state: ModuleState, index = 1): void {
    this.feed(module, index).receive(state);
  }

  /** The oldest command in flight returns. */
  complete(result: unknown = null): void {
    this.#inFlight.shift()?.resolve(result);
  }

  fail(message: string, code: ErrorCode = 'ROOMDECK_DRIVER_ERROR'): void {
    this.#inFlight.shift()?.reject(new BridgeError({ code, message }));
  }
}
