import type { RoomdeckApi } from '#contract';
import { t } from '../../i18n/i18n.svelte.ts';
import { addToSystem } from './membership.ts';
import { describeProblem, type Problem } from '../common/problem.ts';

/** A module created from a room's page goes into that room once it exists. */
export class Placement {
  readonly #api: RoomdeckApi;
  readonly systemId: string | undefined;
  #systemName = $state<string | null>(null);
  #problem = $state.raw<Problem | null>(null);

  constructor(api: RoomdeckApi, systemId: string | undefined) {
    this.#api = api;
    this.systemId = systemId;
    if (systemId) {
      api.systems.get({ id: systemId }).then(
        (detail) => (this.#systemName = detail.system.name),
        () => (this.#systemName = systemId),
      );
    }
  }

  get systemName(): string | null {
    return this.#systemName;
  }
  get problem(): Problem | null {
    return this.#problem;
  }

  /** Resolves true when there was nothing to do or the module is in the room now. */
  async place(moduleId: string): Promise<boolean> {
    if (!this.systemId) return true;
    try {
      await addToSystem(this.#api, this.systemId, moduleId);
      this.#problem = null;
      return true;
    } catch (error) {
      const problem = describeProblem(error);
      this.#problem = {
        ...problem,
        message: t('tech.words.placeFailed', {
          id: moduleId,
          room: this.#systemName ?? this.systemId,
          problem: problem.message,
        }),
      };
      return false;
    }
  }
}
