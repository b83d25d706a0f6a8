import type { Room } from '../room/room.svelte.ts';
import { type RecorderView, recorderView } from './recorder.ts';

export type RecorderPress = 'record' | 'pause' | 'resume' | 'stop';

export interface RecorderSources {
  room: Room;
  /** The panel's clock, ticking every second. */
  nowMs(): number;
}

/**
 * The room's recorder as the panel drives it: one press at a time, each sent to the recorder and
 * its state read again; what the panel shows comes from that state alone. A failed press is said
 * in the room's words, naming the recorder.
 */
export class RecorderDesk {
  readonly #from: RecorderSources;
  #busy = $state<RecorderPress | null>(null);
  #problem = $state<string | null>(null);

  constructor(from: RecorderSources) {
    this.#from = from;
  }

  get view(): RecorderView | null {
    const at = this.#from.room.plan?.recorder;
    if (!at) return null;
    return recorderView(
      this.#from.room.feed(at.module, at.index).state,
      Math.floor(this.#from.nowMs() / 1000),
    );
  }
  /** The recorder says a lecture is being recorded (paused counts: it is still that lecture's). */
  get capturing(): boolean {
    const status = this.view?.status;
    return status === 'recording' || status === 'paused';
  }
  /** The press waiting for the recorder's answer, if any. */
  get busy(): RecorderPress | null {
    return this.#busy;
  }
  get problem(): string | null {
    return this.#problem;
  }

  async press(what: RecorderPress): Promise<boolean> {
    const { room } = this.#from;
    const at = room.plan?.recorder;
    if (!at || this.#busy !== null) return false;
    this.#busy = what;
    this.#problem = null;
    const method = what === 'resume' ? at.resume : what;
    try {
      await room.exec(at.module, at.index, { method, args: [] });
      return true;
    } catch (error) {
      this.#problem = room.messageOf(error, at);
      return false;
    } finally {
      room.feeds.refresh(at);
      this.#busy = null;
    }
  }
}
