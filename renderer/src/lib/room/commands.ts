import { BridgeError, ErrorCode, type RoomdeckApi } from '#contract';
import { toBridgeError } from '../bridge/bridge.ts';
import type { Command } from '../layout/model.ts';
import { checkOutcome } from './outcome.ts';
import type { Address, Step } from '../plan/plan.ts';
import type { LiveFeeds } from '../live/poller.svelte.ts';
import type { DeviceHealth } from './health.svelte.ts';

export interface CommandsOptions {
  api: RoomdeckApi;
  systemId: string;
  feeds: LiveFeeds;
  health: DeviceHealth;
  /** A command is someone using the panel. */
  touched(): void;
  /** The service cannot be reached now: a command is not sent (it could only run late, unseen). */
  offline(): boolean;
  /** Why nothing was sent, in the room's words, with who to call. */
  offlineWords(): string;
}

/** Commands to the room's devices: each sent, counted while unanswered, and its device heard from. */
export class RoomCommands {
  readonly #o: CommandsOptions;
  #inFlight = 0;

  constructor(options: CommandsOptions) {
    this.#o = options;
  }

  /** Commands sent and not yet answered, from any control on any page. */
  get inFlight(): number {
    return this.#inFlight;
  }

  async exec(module: string, index: number, command: Command): Promise<unknown> {
    const { api, systemId, feeds, health } = this.#o;
    const target: Address = { module, index };
    this.#o.touched();
    feeds.pressed();
    // Told at once, and nothing left queued to run when the service returns behind the person's back.
    if (this.#o.offline())
      throw new BridgeError({ code: ErrorCode.ROOMDECK_OFFLINE, message: this.#o.offlineWords() });
    this.#inFlight += 1;
    try {
      const { result } = await api.systems.exec({ id: systemId, ...target, ...command });
      health.answered(target);
      return result;
    } catch (error) {
      health.failed(target, error);
      // Unanswered for the link's sake (pushed values would look live for ever): read it all now.
      if (toBridgeError(error).isLinkLoss) feeds.doubt();
      throw error;
    } finally {
      this.#inFlight -= 1;
      // Even a failed command may have changed something: show the device's truth at once.
      if (feeds.isWatched(target)) feeds.refresh(target);
    }
  }

  /** Runs steps in order; the first failure stops the sequence and is thrown. */
  async run(steps: readonly Step[]): Promise<void> {
    for (const step of steps) {
      try {
        checkOutcome(await this.exec(step.module, step.index, step.command));
      } catch (error) {
        // Which device the failing step was for, so its failure can be said naming it.
        if (typeof error === 'object' && error !== null && !Object.isFrozen(error))
          Object.assign(error, { target: { module: step.module, index: step.index } });
        throw error;
      }
    }
  }
}
