import { describeProblem, type Problem } from './problem.ts';

export type ActionPhase = 'idle' | 'pending' | 'done' | 'failed';

/** What a button needs to show of an action, whatever it returns. */
export interface ActionStatus {
  readonly phase: ActionPhase;
  readonly busy: boolean;
}

/**
 * One button's life: idle → pending → done | failed, shown as `data-state`. A second press while
 * pending is ignored, so a double tap never sends a command twice.
 */
export class Action<T = unknown> implements ActionStatus {
  #phase = $state<ActionPhase>('idle');
  #problem = $state.raw<Problem | null>(null);
  #result = $state.raw<T | null>(null);

  get phase(): ActionPhase {
    return this.#phase;
  }
  get problem(): Problem | null {
    return this.#problem;
  }
  get result(): T | null {
    return this.#result;
  }
  get busy(): boolean {
    return this.#phase === 'pending';
  }

  /** Runs the work once; resolves to its value, or undefined when it failed or was already running. */
  async run(work: () => Promise<T>): Promise<T | undefined> {
    if (this.#phase === 'pending') return undefined;
    this.#phase = 'pending';
    this.#problem = null;
    try {
      const result = await work();
      this.#result = result;
      this.#phase = 'done';
      return result;
    } catch (error) {
      this.#problem = describeProblem(error);
      this.#phase = 'failed';
      return undefined;
    }
  }

  /** Marks a failure found before anything was sent. */
  fail(problem: Problem): void {
    this.#problem = problem;
    this.#phase = 'failed';
  }

  reset(): void {
    this.#phase = 'idle';
    this.#problem = null;
    this.#result = null;
  }
}
