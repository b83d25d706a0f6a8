import type { Transition } from '../values.ts';
import { isNoAnswer } from '../error-codes.ts';
import type { Room } from '../room/room.svelte.ts';
import { t } from '../i18n/i18n.svelte.ts';
import { callFor } from '../words/help-contact.ts';
import type { SourceTile } from '../plan/plan.ts';
import type { DeviceTruth } from './source-truth.ts';

export type Phase = 'ready' | 'starting' | 'stopping';

export interface PowerOptions {
  room: Room;
  truth: DeviceTruth;
  /** On as the devices report it. */
  roomOn(): boolean;
  /** Warming up or cooling down, as a device reports it: worth waiting for. */
  transition(): Transition | null;
  /** Someone is starting the room here (a meeting waiting for its check-in is kept). */
  someoneHere(): void;
  /** A start has settled, either way: the page shown follows. */
  started(): void;
  /** Switching off has settled, either way. */
  stopped(): void;
}

/**
 * Starting the room (with a source, or Room on), switching it off and resetting it: each locked
 * while it runs, confirmed only by what the devices then report, and its failure said in words.
 */
export class RoomPower {
  readonly #o: PowerOptions;
  #phase = $state<Phase>('ready');
  #startingTile = $state<string | null>(null);
  #failedTile = $state<string | null>(null);
  // Kept as how to say it, not as words said once: a language switch re-says it.
  #problem = $state<(() => string) | null>(null);
  #disposed = false;

  constructor(options: PowerOptions) {
    this.#o = options;
  }

  get phase(): Phase {
    return this.#phase;
  }
  /** The tile being started here (id). */
  get startingTile(): string | null {
    return this.#startingTile;
  }
  /** The tile whose start failed here (id), until the failure is dismissed. */
  get failedTile(): string | null {
    return this.#failedTile;
  }
  /** The last room-level failure (start, switch off), naming what let the room down. */
  get problem(): string | null {
    return this.#problem?.() ?? null;
  }

  /** Starts the room with a source (or switches to it); refuses a second start while one runs. */
  async start(tile: SourceTile): Promise<void> {
    if (this.#phase !== 'ready') return;
    // Someone is here: a meeting waiting for its check-in is kept, even while a projector warms.
    this.#o.someoneHere();
    this.#phase = 'starting';
    this.#startingTile = tile.id;
    this.#failedTile = null;
    this.#problem = null;
    try {
      const wasOn = this.#o.roomOn();
      await this.#o.room.run(tile.steps);
      const volume = this.#o.room.plan?.volume;
      if (!wasOn && volume?.startLevel !== undefined) {
        await this.#o.room.exec(volume.module, volume.index, {
          method: volume.method,
          args: [...volume.args, volume.startLevel],
        });
      }
      if (!(await this.#until(() => this.#o.truth.holds(tile.active)))) {
        this.#failedTile = tile.id;
        this.#problem = () =>
          t('room.power.tileFailed', {
            source: tile.label,
            call: callFor(this.#o.room.roomHelp.phone),
          });
      }
    } catch (error) {
      // A hung answer from a room that did start: the state says so, and that is what counts.
      if (!(isNoAnswer(error) && (await this.#until(() => this.#o.truth.holds(tile.active))))) {
        this.#failedTile = tile.id;
        this.#problem = () => this.#o.room.messageOf(error);
      }
    } finally {
      this.#startingTile = null;
      this.#phase = 'ready';
      this.#o.started();
    }
  }

  /** Room on, for a room without source tiles; locked until the devices report on. */
  async switchOn(): Promise<void> {
    const steps = this.#o.room.plan?.power?.start;
    if (!steps || steps.length === 0 || this.#phase !== 'ready') return;
    this.#phase = 'starting';
    this.#problem = null;
    try {
      await this.#o.room.run(steps);
      if (!(await this.#until(() => this.#o.roomOn()))) {
        this.#problem = () => t('room.power.onFailed');
      }
    } catch (error) {
      if (!(isNoAnswer(error) && (await this.#until(() => this.#o.roomOn())))) {
        this.#problem = () => this.#o.room.messageOf(error);
      }
    } finally {
      this.#phase = 'ready';
      this.#o.started();
    }
  }

  /** Switches the room off (after the person confirmed). */
  async off(): Promise<void> {
    const power = this.#o.room.plan?.power;
    if (!power || this.#phase === 'stopping') return;
    this.#phase = 'stopping';
    this.#problem = null;
    try {
      await this.#o.room.run(power.off);
      if (!(await this.#until(() => !this.#o.roomOn()))) {
        this.#problem = () => t('room.power.offFailed', { call: callFor(this.#o.room.roomHelp.phone) });
      }
    } catch (error) {
      if (!(isNoAnswer(error) && (await this.#until(() => !this.#o.roomOn())))) {
        this.#problem = () => this.#o.room.messageOf(error);
      }
    } finally {
      this.#phase = 'ready';
      this.#o.stopped();
    }
  }

  async reset(): Promise<void> {
    const step = this.#o.room.plan?.power?.reset;
    if (!step || this.#phase !== 'ready') return;
    this.#problem = null;
    try {
      await this.#o.room.run([step]);
      // A reset is "back to how the room starts": that is never silent, whatever the room logic did.
      const volume = this.#o.room.plan?.volume;
      if (volume?.mute && this.#o.room.feed(volume.module, volume.index).state?.[volume.mute.key] === true) {
        await this.#o.room.run([
          {
            module: volume.module,
            index: volume.index,
            command: { method: volume.mute.method, args: [...volume.mute.args, false] },
          },
        ]);
      }
    } catch (error) {
      this.#problem = () => this.#o.room.messageOf(error);
    }
  }

  dismissProblem(): void {
    this.#problem = null;
    this.#failedTile = null;
  }

  /** Resolves true once `ok()` holds, false after the confirm time (longer while warming up). */
  #until(ok: () => boolean): Promise<boolean> {
    if (ok()) return Promise.resolve(true);
    const { clock } = this.#o.room;
    return new Promise((resolve) => {
      let waited = 0;
      const check = () => {
        if (this.#disposed) return resolve(false);
        if (ok()) return resolve(true);
        waited += 250;
        // A projector warming up takes its time: keep waiting while a device says it is on its way.
        if (waited >= this.#o.room.confirmTimeoutMs && this.#o.transition() === null) return resolve(false);
        clock.setTimeout(check, 250);
      };
      clock.setTimeout(check, 250);
    });
  }

  dispose(): void {
    this.#disposed = true;
  }
}
