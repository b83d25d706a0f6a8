import type { LiveEvent } from '#contract';
import { toBridgeError } from '../../bridge/bridge.ts';
import type { LiveTargetRef, ToolsLive } from './live-link.ts';
import { FORBIDDEN } from '../common/problem.ts';
import { t } from '../../i18n/i18n.svelte.ts';

/** One line of a module's log as the tools show it. */
export interface LogLine {
  n: number;
  level: string;
  message: string;
  /** Epoch ms the main process received it. */
  at: number;
}

/** Lines kept: enough to read back through a command's effects, bounded so a chatty driver cannot grow the page. */
export const LOG_LINES = 500;

export type FollowPhase = 'idle' | 'starting' | 'following' | 'stopping';

/** Why a module's log could not be followed, said for a technician. */
export interface FollowProblem {
  code: string;
  message: string;
}

/**
 * Following a module's debug stream (`live.debug` … `live.ignore`): its log lines as they arrive,
 * the last LOG_LINES kept, oldest first. The service lets only support and administrator accounts
 * follow a log; anyone else is refused, and the refusal is said in words, not hidden.
 */
export class DebugLog {
  readonly #channel: ToolsLive;
  readonly #systemId: string;
  readonly #target: LiveTargetRef;
  readonly #label: string;
  readonly #max: number;
  #phase = $state<FollowPhase>('idle');
  #lines = $state.raw<LogLine[]>([]);
  #problem = $state.raw<FollowProblem | null>(null);
  #refused = $state(false);
  /** The channel fell back to polling while following: lines may be missing until it is back. */
  #interrupted = $state(false);
  #next = 1;
  #unsubscribe: (() => void) | null = null;

  constructor(channel: ToolsLive, systemId: string, target: LiveTargetRef, label: string, max = LOG_LINES) {
    this.#channel = channel;
    this.#systemId = systemId;
    this.#target = { module: target.module, index: target.index };
    this.#label = label;
    this.#max = max;
  }

  get phase(): FollowPhase {
    return this.#phase;
  }
  get lines(): LogLine[] {
    return this.#lines;
  }
  get problem(): FollowProblem | null {
    return this.#problem;
  }
  /** The service refused this account the log (its role): following again would only be refused again. */
  get refused(): boolean {
    return this.#refused;
  }
  get interrupted(): boolean {
    return this.#interrupted;
  }

  async follow(): Promise<void> {
    if (this.#phase !== 'idle') return;
    this.#phase = 'starting';
    this.#problem = null;
    // Listening before asking: the first lines can arrive before the answer does.
    this.#unsubscribe = this.#channel.events.subscribe((event) => this.#onEvent(event));
    try {
      await this.#channel.debug(this.#systemId, this.#target);
      // Stopped (or the view closed) while asking: the stream just opened must not be left running.
      if (this.#phase !== 'starting') {
        void this.#channel.ignore(this.#systemId, this.#target).catch(() => undefined);
        return;
      }
      this.#phase = 'following';
    } catch (error) {
      this.#unsubscribe?.();
      this.#unsubscribe = null;
      if (this.#phase === 'starting') this.#phase = 'idle';
      this.#problem = this.#describe(error);
    }
  }

  /** Stop following (`live.ignore`); the lines stay to read. */
  async stop(): Promise<void> {
    if (this.#phase === 'idle' || this.#phase === 'stopping') return;
    const wasFollowing = this.#phase === 'following';
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#interrupted = false;
    this.#phase = 'stopping';
    try {
      // A follow still being asked for ignores its own stream when its answer comes (follow()).
      if (wasFollowing) await this.#channel.ignore(this.#systemId, this.#target);
    } catch (error) {
      this.#problem = this.#describe(error);
    } finally {
      this.#phase = 'idle';
    }
  }

  clear(): void {
    this.#lines = [];
  }

  #onEvent(event: LiveEvent): void {
    if (event.type === 'mode') {
      if (this.#phase === 'following') this.#interrupted = event.mode === 'polling';
      return;
    }
    if (event.type !== 'debug' || event.id !== this.#systemId) return;
    if (event.module !== this.#target.module || event.index !== this.#target.index) return;
    const line: LogLine = { n: this.#next++, level: event.level, message: event.message, at: event.at };
    // Newest last; the oldest go once the list is full.
    this.#lines = [...this.#lines.slice(Math.max(0, this.#lines.length - this.#max + 1)), line];
  }

  #describe(error: unknown): FollowProblem {
    const e = toBridgeError(error);
    if (e.code === FORBIDDEN) {
      this.#refused = true;
      return {
        code: e.code,
        message: t('tech.debug.refused', { label: this.#label }),
      };
    }
    // Other failures keep the bridge's words, and say which device they are about.
    return { code: e.code, message: t('tech.debug.failed', { label: this.#label, reason: e.message }) };
  }
}
