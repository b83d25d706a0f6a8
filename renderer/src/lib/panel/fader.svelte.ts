import type { RoomPort } from '../control/control-state.svelte.ts';
import type { ModuleFeed } from '../live/poller.svelte.ts';
import { formatLevel, formatPercent } from './level-text.ts';
import { LatestSender } from './latest-sender.ts';
import { fromTravel, snapLevel, type Taper, toTravel } from './taper.ts';

/** A level a fader sets: the program volume, a mixer channel, a lighting area. */
export interface FaderSpec {
  id: string;
  label: string;
  module: string;
  index: number;
  method: string;
  /** Sent before the level (a channel or area number). */
  args: unknown[];
  key: string;
  min: number;
  max: number;
  step: number;
  unit: string;
  taper: Taper;
  limits: { min: number; max: number };
  /**
   * "percent": the level is read out as the fader's position between the installer's limits (0–100 %),
   * so one room's DSP in dB and another's display in % read alike on the panel. The device is still
   * sent its own unit.
   */
  display?: 'percent' | undefined;
}

export type FaderPhase = 'idle' | 'pending' | 'confirmed' | 'failed';

/**
 * A fader that sends while it is dragged: one command in flight, the newest value next, the
 * released value always last. It shows where the finger is while dragging, then the device's
 * own report.
 */
export class FaderState {
  readonly spec: FaderSpec;
  readonly feed: ModuleFeed;
  readonly #room: RoomPort;
  readonly #sender: LatestSender<number>;
  #target = $state<number | null>(null);
  #dragging = false;
  #settled = true;
  #phase = $state<FaderPhase>('idle');
  #error = $state<string | null>(null);
  #ramp: unknown = null;
  readonly #unsubscribe: () => void;

  constructor(room: RoomPort, spec: FaderSpec) {
    this.#room = room;
    this.spec = spec;
    this.feed = room.feed(spec.module, spec.index);
    this.#sender = new LatestSender(
      (level) => room.exec(spec.module, spec.index, { method: spec.method, args: [...spec.args, level] }),
      {
        settled: (_level, error) => {
          this.#settled = true;
          if (error !== null) {
            this.#error = room.messageOf(error, { module: spec.module, index: spec.index });
            this.#phase = 'failed';
            if (!this.#dragging) this.#target = null;
          } else {
            this.#error = null;
            this.#phase = 'confirmed';
          }
        },
      },
    );
    // The next report after the last command settles replaces the finger's value with the device's.
    this.#unsubscribe = this.feed.subscribe(() => {
      if (this.#settled && !this.#dragging) this.#target = null;
    });
  }

  get reported(): number | null {
    const v = this.feed.state?.[this.spec.key];
    return typeof v === 'number' ? v : null;
  }
  get shown(): number | null {
    return this.#target ?? this.reported;
  }
  get phase(): FaderPhase {
    return this.#phase;
  }
  get error(): string | null {
    return this.#error;
  }
  get stale(): boolean {
    return this.feed.stale;
  }
  get text(): string {
    if (this.#asPercent && this.shown !== null) return formatPercent(this.percent);
    return formatLevel(this.shown, this.spec.unit);
  }

  /** Where the level sits between the installer's limits, 0…100. */
  get percent(): number {
    const [low, high] = this.travelLimits;
    return high === low ? 0 : Math.round((100 * (this.travel - low)) / (high - low));
  }

  get #asPercent(): boolean {
    return this.spec.display === 'percent' && this.spec.unit !== '%';
  }

  /** 0…1000 for the range input. */
  get travel(): number {
    const s = this.spec;
    return Math.round(1000 * toTravel(this.shown ?? s.limits.min, s.min, s.max, s.taper));
  }

  /** The travel (0…1000) where the installer's limits put the ends. */
  get travelLimits(): [number, number] {
    const s = this.spec;
    return [
      Math.round(1000 * toTravel(s.limits.min, s.min, s.max, s.taper)),
      Math.round(1000 * toTravel(s.limits.max, s.min, s.max, s.taper)),
    ];
  }

  grab(): void {
    this.#dragging = true;
  }

  /** The finger moved: send (throttled) the level under it. */
  slide(travel: number): void {
    const s = this.spec;
    this.set(fromTravel(travel / 1000, s.min, s.max, s.taper));
  }

  release(): void {
    this.#dragging = false;
    if (this.#settled) this.#target = null;
  }

  set(level: number): void {
    const s = this.spec;
    const value = snapLevel(level, s.step, s.limits.min, s.limits.max);
    if (value === this.#target) return;
    this.#target = value;
    this.#settled = false;
    this.#phase = 'pending';
    this.#sender.push(value);
  }

  /** One step up or down (a tap of ±). */
  nudge(direction: 1 | -1): void {
    const base = this.#target ?? this.reported ?? this.spec.limits.min;
    this.#dragging = true;
    this.set(this.#next(base, direction));
    this.#dragging = false;
  }

  /** Hold ±: a step now, then repeated steps until let go. */
  startRamp(direction: 1 | -1): void {
    this.stopRamp();
    this.#dragging = true;
    const clock = this.#room.clock;
    const step = (delay: number) => {
      this.#ramp = clock.setTimeout(() => {
        const base = this.#target ?? this.reported ?? this.spec.limits.min;
        this.set(this.#next(base, direction));
        step(150);
      }, delay);
    };
    const base = this.#target ?? this.reported ?? this.spec.limits.min;
    this.set(this.#next(base, direction));
    step(400);
  }

  stopRamp(): void {
    if (this.#ramp !== null) this.#room.clock.clearTimeout(this.#ramp);
    this.#ramp = null;
    this.release();
  }

  dispose(): void {
    this.stopRamp();
    this.#unsubscribe();
  }

  /** One step from `base`: 2 % of the travel where the level reads as percent, else the unit's step. */
  #next(base: number, direction: 1 | -1): number {
    const s = this.spec;
    if (!this.#asPercent) return base + direction * this.#stepSize();
    const [low, high] = this.travelLimits;
    const travel = 1000 * toTravel(base, s.min, s.max, s.taper) + direction * 0.02 * (high - low);
    const level = snapLevel(
      fromTravel(travel / 1000, s.min, s.max, s.taper),
      s.step,
      s.limits.min,
      s.limits.max,
    );
    // Near the top of an audio taper 2 % is less than a step: move at least one step.
    return level === base ? base + direction * s.step : level;
  }

  #stepSize(): number {
    const s = this.spec;
    // A percent fader moves 2 % a step; a dB fader 1 dB (but never less than its own step).
    return Math.max(s.step, s.unit === '%' ? 2 : 1);
  }
}
