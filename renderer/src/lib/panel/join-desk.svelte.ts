import type { Address } from '../plan/plan.ts';
import type { Room } from '../room/room.svelte.ts';
import { type JoinView, joinViewOf } from '../join/join-state.ts';

export type JoinPress = { what: 'combine'; mode: string } | { what: 'split' };

/**
 * Combining and splitting from one room's panel: the press goes to this room's own logic (which
 * asks the other rooms), and what the panel shows comes from the state the logic reports back
 * alone, so "combined" is said only once every room has confirmed. One press at a time; a failed
 * press is said in the room's words.
 */
export class JoinDesk {
  readonly #room: Room;
  #busy = $state<JoinPress | null>(null);
  #problem = $state<string | null>(null);
  /** The press that failed, for `problem`. */
  #failed = $state<JoinPress | null>(null);

  constructor(room: Room) {
    this.#room = room;
  }

  /** The room's own logic, where the join is published: the module that says whether the room is on. */
  get #logic(): Address | null {
    const on = this.#room.plan?.power?.on;
    return on ? { module: on.module, index: on.index } : null;
  }

  /** The room the panel stands in (whose logic this desk drives). */
  get roomId(): string {
    return this.#room.id;
  }

  get view(): JoinView {
    const at = this.#logic;
    return joinViewOf(this.#room.id, at ? this.#room.feed(at.module, at.index).state : undefined);
  }
  /** Whether the room can be combined at all: the Join control is offered only then. */
  get divisible(): boolean {
    return this.view.modes.length > 0;
  }
  get busy(): JoinPress | null {
    return this.#busy;
  }
  /**
   * What went wrong with the last press, until the room's logic reports what was asked for: a
   * press left unanswered (a slow room) may still be carried out, and then the logic's own word
   * wins over "nothing was changed".
   */
  get problem(): string | null {
    const asked = this.#failed;
    if (this.#problem === null || asked === null) return this.#problem;
    const view = this.view;
    const happened = asked.what === 'combine' ? view.mode?.id === asked.mode : view.role === 'separate';
    return happened ? null : this.#problem;
  }
  dismissProblem(): void {
    this.#problem = null;
  }

  /** This room becomes the master of `mode` and asks the others to join. */
  combine(mode: string): Promise<boolean> {
    return this.#press({ what: 'combine', mode }, 'join', [mode]);
  }

  /** Splits the join (any joined room may). */
  split(): Promise<boolean> {
    return this.#press({ what: 'split' }, 'unjoin', []);
  }

  async #press(press: JoinPress, method: string, args: unknown[]): Promise<boolean> {
    const at = this.#logic;
    if (!at || this.#busy !== null) return false;
    this.#busy = press;
    this.#problem = null;
    this.#failed = null;
    try {
      await this.#room.exec(at.module, at.index, { method, args });
      return true;
    } catch (error) {
      this.#problem = this.#room.messageOf(error, at);
      this.#failed = press;
      return false;
    } finally {
      this.#room.feeds.refresh(at);
      this.#busy = null;
    }
  }
}
