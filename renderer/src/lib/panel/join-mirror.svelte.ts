import type { PollSettings, RoomdeckApi } from '#contract';
import type { Clock } from '../time/clock.ts';
import { DeviceTruth } from './source-truth.ts';
import type { PageSpec, SourceTile } from '../plan/plan.ts';
import { Room } from '../room/room.svelte.ts';

/**
 * No controls: shown as a page so the room polls as a panel in use does (the screens and switcher
 * at the active rate), not as an idle welcome that reads the devices only rarely.
 */
const WATCHING: PageSpec = { id: 'join-mirror', title: '', kind: 'sources', groups: [] };

/**
 * What the combined room shows, read for a locked secondary's panel, and the one thing pressed
 * from there: switching the combined room off (Power stays in reach on a locked panel; the
 * combined room splits as it switches off when its mode says so). Its own Room (polled, not on the page's live channel, whose watch list is the panel's own) reads
 * the combined room's logic and the screens and switcher that prove a source, so the lock screen
 * says a source is showing only when those devices report it, as the master's tile does.
 */
export class JoinMirror {
  readonly room: Room;
  readonly #truth: DeviceTruth;
  #switching = $state(false);
  #problem = $state<string | null>(null);

  constructor(o: { api: RoomdeckApi; systemId: string; poll: PollSettings; clock: Clock }) {
    this.room = new Room({ api: o.api, systemId: o.systemId, poll: o.poll, clock: o.clock });
    const room = this.room;
    this.#truth = new DeviceTruth({
      room,
      nowMs: () => room.clock.now(),
      roomOn: () => {
        const on = room.plan?.power?.on;
        return on ? this.#truth.holds(on) : true;
      },
      startingTile: () => null,
      failedTile: () => null,
      held: () => [],
      pictureMutes: () => [],
    });
    void room.load().then(() => room.show(WATCHING));
  }

  /** The combined room's source on its screens now, as the devices report it; null: none. */
  get showing(): SourceTile | null {
    return this.room.plan?.home.find((tile) => this.#truth.lit(tile)) ?? null;
  }

  /** The combined room is on, as its logic reports it. */
  get on(): boolean {
    const on = this.room.plan?.power?.on;
    return on !== undefined && this.#truth.holds(on);
  }
  get switching(): boolean {
    return this.#switching;
  }
  get problem(): string | null {
    return this.#problem;
  }

  /** Switches the combined room off (after the person confirmed), as its Room off does. */
  async off(): Promise<void> {
    const steps = this.room.plan?.power?.off;
    if (!steps || this.#switching) return;
    this.#switching = true;
    this.#problem = null;
    try {
      await this.room.run(steps);
    } catch (error) {
      this.#problem = this.room.messageOf(error);
    } finally {
      this.#switching = false;
    }
  }

  dispose(): void {
    this.room.dispose();
  }
}
