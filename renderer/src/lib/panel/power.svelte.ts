import type { Transition } from '../control/values.ts';
import { isLinkLoss } from '../bridge/bridge.ts';
import { isNoAnswer } from '../bridge/error-codes.ts';
import type { Room } from '../room/room.svelte.ts';
import { t } from '../i18n/i18n.svelte.ts';
import { callFor } from '../words/help-contact.ts';
import type { SourceTile } from '../plan/plan.ts';
import type { Step } from '../plan/plan.ts';
import { transitionOf } from '../control/values.ts';
import { type HeldChange, refusedMidTransition, sameDevice } from './held.ts';
import { screensOf } from './screens.ts';
import type { DeviceTruth } from './source-truth.ts';

export type Phase = 'ready' | 'starting' | 'stopping';

/** How often a held step looks at its device, and how many times it is tried before it is a fault. */
const HOLD_CHECK_MS = 500;
const HOLD_ATTEMPTS = 30;

export interface PowerOptions {
  room: Room;
  truth: DeviceTruth;
  /** On as the devices report it. */
  roomOn(): boolean;
  /** Warming up or cooling down, as a device reports it: worth waiting for. */
  transition(): Transition | null;
  /** A power change the room accepted for a screen that cannot take it yet: worth waiting for too. */
  held(): readonly HeldChange[];
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
  /** The problem said is the service's silence, not a device's: forgotten when it answers again. */
  #problemFromLink = false;
  /** What the last failure was about, so the devices' own next good state can clear it. */
  #failure: 'tile' | 'on' | 'off' | null = null;
  /** The failed start was a screen's silence: that screen answering again is its next good state. */
  #failedSilent = false;
  /** The room reported on since the last press here: reported off after that, a failed start is over. */
  #onSincePress = false;
  /** Steps a screen refused mid-transition, held by the panel itself (a room without room logic). */
  #held = $state<HeldChange[]>([]);
  /** Bumped by every new start or switch-off: a held sequence from before it is dropped. */
  #generation = 0;
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
  /** Power changes this panel holds for a screen that is warming up or cooling down. */
  get held(): readonly HeldChange[] {
    return this.#held;
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
    this.#problemFromLink = false;
    this.#onSincePress = false;
    try {
      const wasOn = this.#o.roomOn();
      await this.#runHolding(tile.steps);
      const volume = this.#o.room.plan?.volume;
      if (!wasOn && volume?.startLevel !== undefined) {
        await this.#o.room.exec(volume.module, volume.index, {
          method: volume.method,
          args: [...volume.args, volume.startLevel],
        });
      }
      if (!(await this.#until(() => this.#o.truth.holds(tile.active)))) {
        this.#failedTile = tile.id;
        this.#failure = 'tile';
        this.#failedSilent = this.#silentIn(tile);
        this.#problem = () =>
          t('room.power.tileFailed', {
            source: tile.label,
            call: callFor(this.#o.room.roomHelp.phone),
          });
      }
    } catch (error) {
      this.#failedTile = tile.id;
      this.#failure = 'tile';
      this.#failedSilent = isNoAnswer(error) || this.#silentIn(tile);
      this.#failed(error, () => this.#o.truth.holds(tile.active));
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
    this.#problemFromLink = false;
    this.#onSincePress = false;
    try {
      await this.#runHolding(steps);
      if (!(await this.#until(() => this.#o.roomOn()))) {
        this.#failure = 'on';
        this.#problem = () => t('room.power.onFailed');
      }
    } catch (error) {
      this.#failure = 'on';
      this.#failed(error, () => this.#o.roomOn());
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
    this.#problemFromLink = false;
    this.#onSincePress = false;
    try {
      await this.#runHolding(power.off);
      if (!(await this.#until(() => !this.#o.roomOn()))) {
        this.#failure = 'off';
        this.#problem = () => t('room.power.offFailed', { call: callFor(this.#o.room.roomHelp.phone) });
      }
    } catch (error) {
      this.#failure = 'off';
      this.#failed(error, () => !this.#o.roomOn());
    } finally {
      this.#phase = 'ready';
      this.#o.stopped();
    }
  }

  async reset(): Promise<void> {
    const step = this.#o.room.plan?.power?.reset;
    if (!step || this.#phase !== 'ready') return;
    this.#problem = null;
    this.#problemFromLink = false;
    this.#onSincePress = false;
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
      this.#failure = null;
      this.#problem = () => this.#o.room.messageOf(error);
    }
  }

  dismissProblem(): void {
    this.#problem = null;
    this.#failedTile = null;
    this.#failure = null;
    this.#failedSilent = false;
    this.#onSincePress = false;
    this.#problemFromLink = false;
  }

  /** The service answers again: a failure that was only its silence is not said any longer. */
  forgetLinkProblem(): void {
    if (this.#problemFromLink) this.dismissProblem();
  }

  /**
   * Said at once (the press is over, no spinner left turning). When nobody answered, the room may
   * still have done it: if its devices then report it done, that is what the panel shows.
   */
  #failed(error: unknown, done: () => boolean): void {
    const problem = () => this.#o.room.messageOf(error);
    this.#problem = problem;
    this.#problemFromLink = isLinkLoss(error);
    if (!isNoAnswer(error) && !this.#problemFromLink) return;
    void this.#until(done).then((happened) => {
      if (happened && this.#problem === problem) this.dismissProblem();
    });
  }

  /**
   * A failure the devices have since put right is no longer said: the tile that did not start is
   * now lit, the room that did not switch on (or off) now reports it. A red "Did not start" that
   * outlived the cool-down it was about would tell the next person something untrue.
   */
  settle(): void {
    const on = this.#o.roomOn();
    if (on && this.#phase !== 'stopping') this.#onSincePress = true;
    if (this.#phase !== 'ready' || this.#failure === null) return;
    const failedTile = this.#o.room.plan?.home.find((tile) => tile.id === this.#failedTile);
    const putRight =
      // A start that failed, then the room switched off (here, by its timer or from elsewhere): the
      // start no longer stands, and a red "did not start" on the welcome would greet the next
      // person. A device still silent says so in the fault strip, from its own word.
      (this.#failure !== 'off' && !on && this.#onSincePress) ||
      // The screen that did not answer answers again and the room is off: nothing is left failing.
      (failedTile !== undefined && this.#failedSilent && !on && !this.#silentIn(failedTile)) ||
      (this.#failure === 'tile'
        ? failedTile !== undefined && this.#o.truth.lit(failedTile)
        : this.#failure === 'on'
          ? on
          : !on);
    if (putRight) this.dismissProblem();
  }

  #silentIn(tile: SourceTile): boolean {
    return tile.shownBy.some((p) => this.#o.room.silence(p) !== null);
  }

  /**
   * Runs the steps in order. A step its device refuses because it is warming up or cooling down is
   * held with everything after it, and carried out when the device allows: the room logic does
   * this for a room that has one (its state `held`); a room without one has only the panel to
   * remember what the person asked. A newer start or switch-off replaces what was held.
   */
  async #runHolding(steps: readonly Step[]): Promise<void> {
    const generation = ++this.#generation;
    this.#held = [];
    await this.#runFrom(steps, generation, 0);
  }

  async #runFrom(steps: readonly Step[], generation: number, attempt: number): Promise<void> {
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      try {
        await this.#o.room.run([step]);
      } catch (error) {
        // A device that keeps refusing long after it said it would be ready is a fault, said as one.
        if (!refusedMidTransition(error) || attempt >= HOLD_ATTEMPTS) throw error;
        this.#hold(steps.slice(i), generation, attempt);
        return;
      }
    }
    if (generation === this.#generation) this.#held = [];
  }

  #hold(rest: readonly Step[], generation: number, attempt: number): void {
    const screens = screensOf(this.#o.room.plan);
    this.#held = rest.flatMap((s): HeldChange[] =>
      s.command.method === 'power' && typeof s.command.args[0] === 'boolean'
        ? [
            {
              module: s.module,
              index: s.index,
              name: screens.find((p) => sameDevice(p, s))?.name ?? this.#o.room.nameOf(s),
              power: s.command.args[0],
            },
          ]
        : [],
    );
    const first = rest[0]!;
    const { clock } = this.#o.room;
    let waited = 0;
    const check = () => {
      if (this.#disposed || generation !== this.#generation) return;
      waited += HOLD_CHECK_MS;
      // Until the device no longer reports its transition (and at least a second, between tries).
      const busy = transitionOf(this.#o.room.feed(first.module, first.index).state) !== null;
      if (busy || waited < 1000) {
        clock.setTimeout(check, HOLD_CHECK_MS);
        return;
      }
      this.#runFrom(rest, generation, attempt + 1).catch((error: unknown) => {
        if (generation !== this.#generation) return;
        this.#held = [];
        this.#problem = () => this.#o.room.messageOf(error);
      });
    };
    clock.setTimeout(check, HOLD_CHECK_MS);
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
        // A projector warming up takes its time: keep waiting while a device says it is on its way
        // (or the room holds the change for it), and give it the confirm time after it last said so.
        if (this.#o.transition() !== null || this.#o.held().length > 0) waited = 0;
        if (waited >= this.#o.room.confirmTimeoutMs) return resolve(false);
        clock.setTimeout(check, 250);
      };
      clock.setTimeout(check, 250);
    });
  }

  dispose(): void {
    this.#disposed = true;
  }
}
