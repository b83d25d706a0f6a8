import type { Clock } from '../time/clock.ts';
import { isNoAnswer } from '../bridge/error-codes.ts';
import { t } from '../i18n/i18n.svelte.ts';
import type { Command } from '../layout/model.ts';
import type { ModuleFeed } from '../live/poller.svelte.ts';
import { formatValue, sameValue, type Transition, transitionOf } from './values.ts';

export type Phase = 'idle' | 'pending' | 'confirmed' | 'failed';

/** What a control needs from its room: the module's live state and a way to send commands. */
export interface RoomPort {
  feed(module: string, index: number): ModuleFeed;
  exec(module: string, index: number, command: Command): Promise<unknown>;
  /** A failure in one sentence; `target`: the device the command was for. */
  messageOf(error: unknown, target?: { module: string; index: number }): string;
  clock: Clock;
  /** How long the device may take to report what was asked before the control says so. */
  confirmTimeoutMs: number;
  /** Why the module cannot be trusted now (offline, stopped), in a room user's words. */
  offline?(target: { module: string; index: number }): string | null;
}

/** The device state that proves a command worked: `status` equal (or, negated, not equal) to `value`. */
export interface Expectation {
  key: string;
  value: unknown;
  negate?: boolean;
}

export interface Target {
  module: string;
  index: number;
  label: string;
}

interface Question {
  text: string;
  command: Command;
  expect: Expectation | null;
}

/**
 * One control's life: idle → pending (sent, or sent and waiting for the device to agree) →
 * confirmed / failed. Pressed is separate and instant: it is set on pointerdown, before any I/O.
 */
export class ControlState {
  readonly feed: ModuleFeed;
  readonly #room: RoomPort;
  readonly #target: Target;
  readonly #lockable: boolean;
  #phase = $state<Phase>('idle');
  #pressed = $state<string | null>(null);
  #error = $state<string | null>(null);
  #question = $state<Question | null>(null);
  #awaiting: Expectation | null = null;
  #confirmed: Expectation | null = null;
  /**
   * The expectation of a command whose exec has not answered yet: a polled state that comes to agree
   * confirms the control at once (a hung exec whose device did the work is not a failure).
   */
  #inFlight: Expectation | null = null;
  /** Counts presses, so a late answer to an older press cannot overwrite a newer one. */
  #runs = 0;
  #deadline: unknown = null;
  readonly #unsubscribe: () => void;

  readonly transition: Transition | null;
  readonly locked: boolean;

  constructor(room: RoomPort, target: Target, options: { lockable?: boolean } = {}) {
    this.#room = room;
    this.#target = target;
    this.#lockable = options.lockable ?? false;
    this.feed = room.feed(target.module, target.index);
    this.transition = $derived(transitionOf(this.feed.state));
    this.locked = $derived(this.#lockable && this.transition !== null);
    this.#unsubscribe = this.feed.subscribe((state) => this.#observe(state));
  }

  get phase(): Phase {
    return this.#phase;
  }
  get busy(): boolean {
    return this.#phase === 'pending';
  }
  get error(): string | null {
    return this.#error;
  }
  get stale(): boolean {
    return this.feed.stale;
  }
  /** The module is offline or stopped: said per control, in words a room user understands. */
  get offline(): string | null {
    return this.#room.offline?.(this.#target) ?? null;
  }
  get question(): string | null {
    return this.#question?.text ?? null;
  }
  /** Which part of the control is held down ("" for a single-button control). */
  get pressed(): string | null {
    return this.#pressed;
  }

  /** What the device reports; nothing while it does not answer (its last report is not the truth now). */
  value(key: string | undefined): unknown {
    if (key === undefined || this.offline !== null) return undefined;
    return this.feed.state?.[key];
  }

  pointerDown(part = ''): void {
    if (!this.locked) this.#pressed = part;
  }

  pointerUp(): void {
    this.#pressed = null;
  }

  /**
   * Sends a command unless one is already in flight (a double tap sends one) or the device is
   * mid-transition. With `confirm`, asks first. Returns whether anything happened.
   */
  send(command: Command, expect: Expectation | null, confirm?: string): boolean {
    this.#pressed = null;
    if (this.#phase === 'pending' || this.locked) return false;
    if (confirm !== undefined) {
      this.#question = { text: confirm, command, expect };
      return true;
    }
    void this.#run(command, expect);
    return true;
  }

  answer(yes: boolean): void {
    const question = this.#question;
    this.#question = null;
    if (yes && question) void this.#run(question.command, question.expect);
  }

  dispose(): void {
    this.#unsubscribe();
    this.#clearDeadline();
  }

  async #run(command: Command, expect: Expectation | null): Promise<void> {
    this.#phase = 'pending';
    this.#error = null;
    this.#awaiting = null;
    this.#confirmed = null;
    this.#clearDeadline();
    // Only a change seen after the press proves anything: a state that already agreed does not.
    const agreedBefore = expect !== null && this.#agrees(expect, this.feed.state);
    this.#inFlight = agreedBefore ? null : expect;
    const run = ++this.#runs;
    try {
      await this.#room.exec(this.#target.module, this.#target.index, command);
    } catch (error) {
      if (run !== this.#runs) return;
      const seenMeanwhile = this.#inFlight === null && expect !== null && !agreedBefore;
      this.#inFlight = null;
      if (seenMeanwhile && this.#isConfirmed() && isNoAnswer(error)) return;
      this.#fail(this.#room.messageOf(error, this.#target));
      return;
    }
    if (run !== this.#runs) return;
    this.#inFlight = null;
    if (this.#isConfirmed() && this.#confirmed === expect) return;
    if (!expect || this.#agrees(expect, this.feed.state)) {
      this.#confirm(expect);
      return;
    }
    this.#awaiting = expect;
    this.#armDeadline();
  }

  #observe(state: Record<string, unknown>): void {
    if (this.#inFlight) {
      if (this.#agrees(this.#inFlight, state)) {
        const seen = this.#inFlight;
        this.#inFlight = null;
        this.#confirm(seen);
      }
    } else if (this.#awaiting) {
      if (this.#agrees(this.#awaiting, state)) this.#confirm(this.#awaiting);
    } else if (this.#confirmed && this.#phase === 'confirmed' && !this.#agrees(this.#confirmed, state)) {
      // Someone changed it elsewhere (another panel, the room's own logic): no longer what we asked.
      this.#phase = 'idle';
      this.#confirmed = null;
    }
  }

  /** Read through a method: the phase changes across an await, which the compiler cannot see. */
  #isConfirmed(): boolean {
    return this.#phase === 'confirmed';
  }

  #agrees(expect: Expectation, state: Record<string, unknown> | undefined): boolean {
    return state !== undefined && sameValue(state[expect.key], expect.value) !== (expect.negate === true);
  }

  #confirm(expect: Expectation | null): void {
    this.#clearDeadline();
    this.#awaiting = null;
    this.#confirmed = expect;
    this.#phase = 'confirmed';
  }

  #fail(message: string): void {
    this.#clearDeadline();
    this.#awaiting = null;
    this.#error = message;
    this.#phase = 'failed';
  }

  #armDeadline(): void {
    this.#deadline = this.#room.clock.setTimeout(() => {
      this.#deadline = null;
      const expect = this.#awaiting;
      if (!expect) return;
      // A projector warming up takes its time: wait while the device says it is on its way.
      if (transitionOf(this.feed.state)) return this.#armDeadline();
      const now = formatValue(this.feed.state?.[expect.key]);
      this.#fail(t('room.control.notConfirmed', { control: this.#target.label, value: now }));
    }, this.#room.confirmTimeoutMs);
  }

  #clearDeadline(): void {
    if (this.#deadline !== null) this.#room.clock.clearTimeout(this.#deadline);
    this.#deadline = null;
  }
}

/** What an on/off control needs of its spec (a layout's ToggleSpec is one). */
export interface OnOffSpec extends Target {
  on: Command;
  off: Command;
  /** The `status` value that means on. */
  onWhen: unknown;
  status?: string | undefined;
  confirm?: string | undefined;
}

/**
 * An on/off control (a toggle, a mute, a picture blank): on is what the device reports for
 * `spec.status`, or, without a status key, what the panel last asked for (all it can know). A press
 * sends the opposite and expects the device to report it.
 */
export class ToggleState {
  readonly control: ControlState;
  readonly #spec: OnOffSpec;
  #assumed = $state(false);
  readonly on: boolean;

  constructor(room: RoomPort, spec: OnOffSpec, options: { lockable?: boolean } = {}) {
    this.#spec = spec;
    this.control = new ControlState(room, spec, options);
    this.on = $derived(
      spec.status === undefined ? this.#assumed : sameValue(this.control.value(spec.status), spec.onWhen),
    );
  }

  toggle(): void {
    const spec = this.#spec;
    const next = !this.on;
    const expect = spec.status === undefined ? null : { key: spec.status, value: spec.onWhen, negate: !next };
    if (this.control.send(next ? spec.on : spec.off, expect, spec.confirm) && spec.status === undefined)
      this.#assumed = next;
  }

  dispose(): void {
    this.control.dispose();
  }
}
