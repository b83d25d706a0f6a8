import type { ModuleState, SystemDetail, Types } from '#contract';
import { toBridgeError } from '../bridge/bridge.ts';
import { EXEC_TIMEOUT, TIMEOUT } from '../bridge/error-codes.ts';
import type { Address } from '../plan/plan.ts';
import { addressesOf, classNameOf } from '../modules/addressing.ts';
import { deviceLabel, deviceName } from './names.ts';

export interface Connection {
  /** Modules that count towards the room's health (not `ignore_connected`). */
  counted: number;
  /**
   * Names of counted modules that are not answering: not connected, stopped, or silent on the last
   * command sent to them (by this panel, or by the room logic as it reports).
   */
  down: string[];
  /** Counted devices whose state has not been read fresh (never, or not since the link faltered). */
  unread: string[];
}

/** A Silence's kind, compared by room.svelte.ts and source-truth.ts, which word it: a code, not words. */
const NOT_RESPONDING = 'not responding'; // i18n-ignore: a kind's value (a code); room.failure.* / room.source.* word it

export type Silence = { name: string; why: 'stopped' | typeof NOT_RESPONDING };

/** "No answer": a timeout, or a device the service says is not responding / did not respond. */
const SILENT_CODES: ReadonlySet<string> = new Set([TIMEOUT, EXEC_TIMEOUT]);
const SILENT_WORDS = /not responding|did not respond|did not answer|no reply|offline/i;

function silentError(error: unknown): boolean {
  const e = toBridgeError(error);
  return SILENT_CODES.has(e.code) || SILENT_WORDS.test(e.message);
}

/** What the room's health is read from; all of it is the room's own, read live. */
export interface HealthSources {
  detail(): SystemDetail | null;
  types(): Types;
  /** A module's state as last read, and whether that read is fresh. */
  feed(module: string, index: number): { state: ModuleState | undefined; stale: boolean };
  /** The `Class/index` keys being polled now. */
  watched(): readonly string[];
}

/**
 * Whether the room's devices answer: their module records, the room logic's report, and this
 * panel's own last command to each. The connection indicator and the controls' "offline" read it.
 */
export class DeviceHealth {
  readonly #from: HealthSources;
  /** Devices that did not answer this panel's last command to them (`Class/index` → name). */
  #silent = $state.raw<ReadonlyMap<string, string>>(new Map());

  readonly connection: Connection = $derived(this.#connection());

  constructor(from: HealthSources) {
    this.#from = from;
  }

  /** The device answered a command from this panel. */
  answered(target: Address): void {
    this.#heard(target, true);
  }

  /** A command to the device failed: only silence counts against it, never a room logic's own failure. */
  failed(target: Address, error: unknown): void {
    // The service out of reach says nothing about the device: the room's link is said instead.
    if (toBridgeError(error).isLinkLoss) return;
    // A room logic's own failure names its devices in its state; only a device's own silence here.
    this.#heard(target, !(silentError(error) && target.module !== 'RoomLogic'));
  }

  /**
   * The service answers again after an outage: a silence heard while it was failing (a command
   * unanswered as it froze) is forgotten; the devices' own records and states say the rest.
   */
  forgetLinkSilence(): void {
    if (this.#silent.size > 0) this.#silent = new Map();
  }

  #heard(target: Address, answered: boolean): void {
    const key = `${target.module}/${target.index}`;
    if (answered === !this.#silent.has(key)) return;
    const next = new Map(this.#silent);
    if (answered) next.delete(key);
    else next.set(key, deviceName(this.#from.types(), target));
    this.#silent = next;
  }

  /**
   * Whether a device answers, from the freshest word there is: its module record (stopped, not
   * connected), the room logic's report of who did not answer its last command, and this panel's
   * own last command to it. `null`: answering; else why not, in the room's words.
   */
  silence(target: Address): Silence | null {
    const types = this.#from.types();
    const modules = this.#from.detail()?.modules ?? [];
    let seen = 0;
    const record = modules.find((m) => classNameOf(m) === target.module && ++seen === target.index);
    if (record?.ignore_connected) return null;
    const name = deviceLabel(types, target);
    if (record?.running === false) return { name, why: 'stopped' };
    if (record?.connected === false) return { name, why: NOT_RESPONDING };
    // The device's own word, fresh (pushed or polled): it may be newer than the module list.
    const own = this.#from.feed(target.module, target.index);
    if (!own.stale && own.state?.connected === false) return { name, why: NOT_RESPONDING };
    const key = `${target.module}/${target.index}`;
    if (this.#silent.has(key)) return { name, why: NOT_RESPONDING };
    for (const [logic, count] of Object.entries(types)) {
      if (logic !== 'RoomLogic') continue;
      for (let i = 1; i <= count; i++) {
        const reported = this.#from.feed(logic, i).state?.not_answering;
        if (!Array.isArray(reported)) continue;
        const hit = reported.some(
          (d: unknown) =>
            typeof d === 'object' &&
            d !== null &&
            (d as Address).module === target.module &&
            (d as Address).index === target.index,
        );
        if (hit) return { name, why: NOT_RESPONDING };
      }
    }
    return null;
  }

  #connection(): Connection {
    const detail = this.#from.detail();
    const counted = addressesOf(detail?.modules ?? []).filter(
      (_, i) => detail?.modules[i]?.ignore_connected !== true,
    );
    const label = (a: { id: string; module: string; index: number }) => {
      const record = detail?.modules.find((m) => m.id === a.id);
      // Said to the people in the room: its kind in their language, unless it has a name of its own.
      return record?.custom_name || deviceLabel(this.#from.types(), a);
    };
    const polled = new Set(this.#from.watched());
    return {
      counted: counted.length,
      down: counted.filter((a) => this.silence(a) !== null).map(label),
      // Only what the panel reads: a device it has no reason to poll is judged by its record.
      unread: counted
        .filter((a) => {
          const key = `${a.module}/${a.index}`;
          const feed = this.#from.feed(a.module, a.index);
          return polled.has(key) && (feed.state === undefined || feed.stale);
        })
        .map(label),
    };
  }
}
