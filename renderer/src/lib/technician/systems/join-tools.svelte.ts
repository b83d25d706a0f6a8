import type { RoomdeckApi, SystemDetail } from '#contract';
import { type JoinView, joinViewOf } from '../../join/join-state.ts';
import { Action } from '../common/action.svelte.ts';
import { addressesOf } from '../../modules/addressing.ts';
import { describeProblem, type Problem } from '../common/problem.ts';

/** One room of a join as its own logic reports it: what the technician compares across rooms. */
export interface RoomJoinRow {
  id: string;
  name: string;
  view: JoinView | null;
  problem: Problem | null;
}

const LOGIC = 'RoomLogic';

/**
 * A divisible room in the technician's tools: every room of its modes read from that room's own
 * logic (so a room that did not follow shows as it is), the wall's sensor, and forcing or clearing
 * a join through the room logic's override (the service refuses it to an account that may not).
 */
export class JoinInspector {
  readonly #api: RoomdeckApi;
  readonly #id: string;
  #own = $state.raw<JoinView | null>(null);
  #rows = $state.raw<RoomJoinRow[]>([]);
  #problem = $state.raw<Problem | null>(null);
  readonly override = new Action<unknown>();

  constructor(api: RoomdeckApi, id: string) {
    this.#api = api;
    this.#id = id;
  }

  /** This room's join (null: not read yet, or the room has no room logic). */
  get own(): JoinView | null {
    return this.#own;
  }
  get rows(): RoomJoinRow[] {
    return this.#rows;
  }
  get problem(): Problem | null {
    return this.#problem;
  }

  /** Whether the room has a logic module to read its join from. */
  static applies(detail: SystemDetail): boolean {
    return addressesOf(detail.modules).some((a) => a.module === LOGIC && a.index === 1);
  }

  async load(): Promise<void> {
    try {
      const state = await this.#api.systems.state({ id: this.#id, module: LOGIC, index: 1 });
      const own = joinViewOf(this.#id, state);
      this.#own = own;
      this.#problem = null;
      const rooms = new Map<string, string>();
      for (const mode of own.modes) for (const room of mode.rooms) rooms.set(room.id, room.name);
      this.#rows = await Promise.all(
        [...rooms].map(async ([id, name]): Promise<RoomJoinRow> => {
          try {
            const theirs = await this.#api.systems.state({ id, module: LOGIC, index: 1 });
            return { id, name, view: joinViewOf(id, theirs), problem: null };
          } catch (error) {
            return { id, name, view: null, problem: describeProblem(error) };
          }
        }),
      );
    } catch (error) {
      this.#problem = describeProblem(error);
    }
  }

  /** Forces `mode` (null: clears the join) whatever the wall says, until the wall moves again. */
  force(mode: string | null): Promise<void> {
    return this.#send('join_override', [mode]);
  }

  /** Hands the join back to the wall's sensor now. */
  followWall(): Promise<void> {
    return this.#send('join_auto', [true]);
  }

  async #send(method: string, args: unknown[]): Promise<void> {
    const done = await this.override.run(() =>
      this.#api.systems.exec({ id: this.#id, module: LOGIC, index: 1, method, args }),
    );
    if (done !== undefined) await this.load();
  }
}
