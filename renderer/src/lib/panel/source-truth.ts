import type { ModuleState } from '#contract';
import type { Room } from '../room/room.svelte.ts';
import { t } from '../i18n/i18n.svelte.ts';
import { sameValue, transitionOf } from '../control/values.ts';
import { callWords } from '../words/help-contact.ts';
import type { Address, SourceTile, Watch } from '../plan/plan.ts';
import { type HeldChange, sameDevice } from './held.ts';

/**
 * A tile's state from the devices: `confirmed` (lit) only while every screen that shows the
 * source reports it, fresh; `warming` while a screen warms up; `failed` when a screen does not
 * answer (or the start failed); `waiting` when the source is chosen but a screen reports otherwise.
 */
export type TileState = 'idle' | 'pending' | 'warming' | 'waiting' | 'confirmed' | 'failed';

/** What the devices say about one source, for the tile and the in-use banner. */
export interface SourceTruth {
  state: TileState;
  /** One sentence: what is happening, with the time left or who to call. */
  status: string | null;
  /** The screen warming up, with the seconds left counted down on the panel between polls. */
  warming: { name: string; remaining: number; percent: number } | null;
  /** The screen that does not answer. */
  silent: string | null;
  /** The screen still cooling down that the start waits for, with its seconds left. */
  held: { name: string; remaining: number } | null;
  /** Shown, but a screen showing it reports its picture blanked (a projector's AV mute). */
  blanked?: boolean | undefined;
}

export interface TruthSources {
  room: Room;
  /** The panel's clock, ticking every second (so a warm-up counts down between polls). */
  nowMs(): number;
  roomOn(): boolean;
  /** The tile being started here, and the one whose start failed here (ids). */
  startingTile(): string | null;
  failedTile(): string | null;
  /** Power changes accepted but waiting for a screen's warm-up or cool-down to end. */
  held(): HeldChange[];
  /** Where a screen reports its picture blanked (the panel's Blank picture controls). */
  pictureMutes(): readonly Watch[];
}

/** A device's transition as the panel shows it: seconds left counted down between reports. */
export interface Countdown {
  kind: 'warming' | 'cooling';
  remaining: number;
  percent: number;
}

/** What the devices report, read for the panel: a value held, freshly, and each source's story. */
export class DeviceTruth {
  readonly #from: TruthSources;
  /** When each transition report arrived here (by state snapshot), to count down between polls. */
  readonly #heardAt = new WeakMap<object, number>();

  constructor(from: TruthSources) {
    this.#from = from;
  }

  stateOf(w: { module: string; index: number }): ModuleState | undefined {
    return this.#from.room.feed(w.module, w.index).state;
  }

  holds(w: Watch): boolean {
    return sameValue(this.stateOf(w)?.[w.key], w.value);
  }

  /** A state read from the device and still live (not stale from a faltering link). */
  fresh(w: Watch): boolean {
    const feed = this.#from.room.feed(w.module, w.index);
    return feed.state !== undefined && !feed.stale;
  }

  /** Every screen reports the source, freshly, and answers: the only way a tile is lit. */
  lit(tile: SourceTile): boolean {
    if (!this.holds(tile.active) || !this.fresh(tile.active)) return false;
    return tile.shownBy.every((p) => this.fresh(p) && this.#from.room.silence(p) === null && this.holds(p));
  }

  /** The source asked for: being started here, failed here, or chosen as the room logic reports. */
  #chosen(tile: SourceTile): boolean {
    if (this.#from.startingTile() === tile.id || this.#from.failedTile() === tile.id) return true;
    if (!this.#from.roomOn()) return false;
    if (this.holds(tile.active)) return true;
    // A room logic that did not get the source on the screens keeps it as `selected`, not `active`.
    return tile.active.key === 'active' && this.holds({ ...tile.active, key: 'selected' });
  }

  /** A screen's warm-up or cool-down, counted down on the panel between its reports. */
  countdown(device: Address): Countdown | null {
    return this.#countdown(this.stateOf(device));
  }

  #warming(state: Record<string, unknown> | undefined): { remaining: number; percent: number } | null {
    const c = this.#countdown(state);
    return c?.kind === 'warming' ? { remaining: c.remaining, percent: c.percent } : null;
  }

  /** Seconds left of a transition, counted down from when the report arrived until the next one. */
  #countdown(state: Record<string, unknown> | undefined): Countdown | null {
    const t = transitionOf(state);
    if (!state || !t) return null;
    const now = this.#from.nowMs();
    let heard = this.#heardAt.get(state);
    if (heard === undefined) {
      heard = now;
      this.#heardAt.set(state, heard);
    }
    const remaining = Math.max(0, t.remaining - Math.floor((now - heard) / 1000));
    const percent =
      t.total > 0 ? Math.round((100 * Math.min(t.total, t.total - remaining)) / t.total) : t.percent;
    return { kind: t.kind, remaining, percent };
  }

  truth(tile: SourceTile): SourceTruth {
    const { room } = this.#from;
    const none = { warming: null, silent: null, held: null };
    if (this.lit(tile)) {
      // Lit, but the screens show black: say so, not "Showing now".
      const blanked = this.#from
        .pictureMutes()
        .some((w) => tile.shownBy.some((p) => sameDevice(p, w)) && this.holds(w) && this.fresh(w));
      return blanked
        ? { state: 'confirmed', status: t('room.plan.control.pictureBlanked'), ...none, blanked }
        : { state: 'confirmed', status: t('room.source.showing'), ...none };
    }
    if (!this.#chosen(tile)) return { state: 'idle', status: null, ...none };
    // The room system out of reach: nothing to tell of a source but what was pressed here (the
    // panel's one offline notice says the rest), never "not read yet" on every tile.
    const here = this.#from.startingTile() === tile.id || this.#from.failedTile() === tile.id;
    if (room.unreachable && !here) return { state: 'idle', status: null, ...none };
    const proofs = tile.shownBy.length > 0 ? tile.shownBy : [tile.active];
    const quiet = proofs.find((p) => room.silence(p) !== null);
    const silent = quiet ? room.silence(quiet) : null;
    if (quiet && silent) {
      // The room's own name for it when it published one ("Display 1", as its messages say).
      const who = 'name' in quiet && typeof quiet.name === 'string' ? quiet.name : silent.name;
      // A display at the wall a person can check; a ceiling projector is the technician's.
      const words =
        silent.why === 'stopped'
          ? 'room.source.stopped'
          : room.withinReach(who)
            ? 'room.source.silentCheck'
            : 'room.source.silent';
      return {
        state: 'failed',
        status: t(words, {
          device: who,
          call: callWords(room.roomHelp.phone),
        }),
        warming: null,
        silent: who,
        held: null,
      };
    }
    // A start the room accepted while a screen cools down: carried out when it allows.
    for (const p of tile.shownBy) {
      if (!this.#from.held().some((h) => h.power && sameDevice(h, p))) continue;
      const remaining = this.countdown(p)?.remaining ?? 0;
      return {
        state: 'warming',
        status: t('room.source.held', { device: p.name, seconds: remaining }),
        warming: null,
        silent: null,
        held: { name: p.name, remaining },
      };
    }
    for (const p of tile.shownBy) {
      const w = this.#warming(this.stateOf(p));
      if (w)
        return {
          state: 'warming',
          status: t('room.source.warming', { device: p.name, seconds: w.remaining }),
          warming: { name: p.name, ...w },
          silent: null,
          held: null,
        };
    }
    if (this.#from.startingTile() === tile.id)
      return {
        state: 'pending',
        status: this.#from.roomOn() ? t('room.source.switching') : t('room.source.starting'),
        ...none,
      };
    if (this.#from.failedTile() === tile.id)
      return { state: 'failed', status: t('room.source.didNotStart'), ...none };
    const off = tile.shownBy.find((p) => !this.holds(p) || !this.fresh(p));
    const status = !off
      ? t('room.source.waiting')
      : !this.fresh(off)
        ? t('room.source.notRead', { device: off.name })
        : off.key === 'power'
          ? t('room.source.off', { device: off.name })
          : t('room.source.elsewhere', { device: off.name });
    return { state: 'waiting', status, ...none };
  }
}
