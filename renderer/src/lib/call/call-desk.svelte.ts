import { isLinkLoss } from '../bridge/bridge.ts';
import { isNoAnswer } from '../bridge/error-codes.ts';
import { t } from '../i18n/i18n.svelte.ts';
import type { Room } from '../room/room.svelte.ts';
import { callFor } from '../words/help-contact.ts';
import type { CallMethod } from '../plan/call-spec.ts';
import { type Call, type CodecView, codecView } from './call-state.ts';
import {
  type Attempt,
  type Joinable,
  joinableMeeting,
  meetingCalled,
  type Progress,
  progressOf,
} from './join.ts';
import { directoryOf, type Entry } from './directory.ts';
import { outcomeWords } from './call-words.ts';
import type { Fault } from '../room/fault.ts';

/** How long "the other side hung up" stays said: news for the people in the call, not the next meeting. */
const HUNG_UP_SAID_S = 120;

export interface CallSources {
  room: Room;
  /**
   * The room whose codec this is, when it is not `room`: on a combined room's panel, the room the
   * panel stands in (the call page does not merge). Its plan's call is the one `room`'s panel shows.
   */
  codecRoom?: Room | undefined;
  /** The panel's clock, ticking every second. */
  nowMs(): number;
  /** The room reports itself on. */
  roomOn(): boolean;
  /** The room (or a screen) reports it is warming up. */
  warming(): boolean;
  /** Starts the room and resolves once it reports on (or its start has failed and is said). */
  startRoom(): Promise<void>;
  /** Shows the call page (the room's pages follow once it is on). */
  showCall(): void;
}

/**
 * The room's codec as the panel drives it: Join, dial, answer, decline, leave and the in-call
 * controls, each sent to the codec and its state read again. What is shown comes from the codec's
 * state alone; a press only marks its own button busy until the codec answers, and a failure is
 * said in the room's words with whom to call.
 */
export class CallDesk {
  readonly #from: CallSources;
  #attempt = $state<Attempt | null>(null);
  #busy = $state<string | null>(null);
  // Kept as how to say it, not as words said once: a language switch re-says it.
  #problem = $state<(() => string) | null>(null);
  #found = $state<Entry[] | null>(null);
  // Only a call that ends while this panel watches is said ended: after a reload or a restart an
  // old end said again would be news that is not. The end closed here is not said again.
  readonly #since: number;
  #endClosed = $state<number | null>(null);

  /** Where the codec is addressed, read and named. */
  readonly #codecRoom: Room;

  constructor(from: CallSources) {
    this.#from = from;
    this.#codecRoom = from.codecRoom ?? from.room;
    this.#since = Math.floor(from.nowMs() / 1000);
  }

  get #spec() {
    return this.#codecRoom.plan?.call ?? null;
  }
  #nowS(): number {
    return Math.floor(this.#from.nowMs() / 1000);
  }

  /** Whether this room's codec offers a call method. */
  can(method: CallMethod): boolean {
    return this.#spec?.can.includes(method) ?? false;
  }

  /** The codec as it reports itself; null in a room without one. */
  get view(): CodecView | null {
    const at = this.#spec;
    return at ? codecView(this.#codecRoom.feed(at.module, at.index).state) : null;
  }

  /**
   * The booked meeting that can be joined now, when the room is not already in a call (shown even
   * while the codec does not answer, so the welcome can say why it cannot be joined).
   */
  get joinable(): Joinable | null {
    const view = this.view;
    const at = this.#from.room.plan?.bookings;
    if (view === null || view.active !== null || !at) return null;
    return joinableMeeting(this.#from.room.feed(at.module, at.index).state, this.#nowS());
  }

  /**
   * The codec not answering while a booked meeting could be joined: a fault to say on the welcome
   * before anyone presses Join, as a dead projector is, in words for a video-call system (its
   * driver's name means nothing to the people in the room).
   */
  get fault(): Fault | null {
    const at = this.#spec;
    if (!at || this.joinable === null) return null;
    const room = this.#codecRoom;
    const silence = room.silence(at);
    if (silence === null) return null;
    const call = callFor(this.#from.room.roomHelp.phone);
    const sentence =
      silence.why === 'stopped'
        ? t('call.fault.switchedOff', { call })
        : t('call.fault.notResponding', { call });
    return { device: { module: at.module, index: at.index }, name: room.nameOf(at), sentence };
  }

  /** Who the call is with: the booked meeting's title when it is that meeting's address, else the codec's name. */
  whoOf(call: Call): string {
    const at = this.#from.room.plan?.bookings;
    const title = at ? meetingCalled(this.#from.room.feed(at.module, at.index).state, call.number) : null;
    return title ?? call.who;
  }

  /** How far the last join or dial pressed here has got; null when none is being followed. */
  get progress(): Progress | null {
    const attempt = this.#attempt;
    const codec = this.view;
    if (attempt === null || codec === null) return null;
    return progressOf({ attempt, codec, roomOn: this.#from.roomOn(), warming: this.#from.warming() });
  }

  /** The press under way (a method name, or 'join'). */
  get busy(): string | null {
    return this.#busy;
  }

  /** What went wrong, in the room's words with whom to call: the press's own failure or the call's end. */
  get problem(): string | null {
    const own = this.#problem?.();
    if (own) return own;
    const progress = this.progress;
    if (progress?.stage !== 'failed' || progress.outcome === null) return null;
    return outcomeWords(progress.outcome, callFor(this.#from.room.roomHelp.phone));
  }

  /** The far end hung up the room's call: said once, until closed (and only for a while). */
  get hungUp(): string | null {
    const view = this.view;
    const last = view?.lastCall;
    if (!view || view.active !== null || !last || this.problem !== null) return null;
    if (last.outcome !== 'ended' || last.endedBy !== 'remote') return null;
    if (last.at < this.#since || last.at === this.#endClosed) return null;
    return this.#nowS() - last.at <= HUNG_UP_SAID_S ? t('call.ended.farEnd') : null;
  }

  /** The directory's answer to the last search (null: none asked). */
  get found(): Entry[] | null {
    return this.#found;
  }

  dismiss(): void {
    this.#problem = null;
    this.#attempt = null;
    this.#endClosed = this.view?.lastCall?.at ?? null;
  }

  /** One touch: start the room, recall the camera's first preset, dial the meeting. */
  join(meeting: Joinable): Promise<boolean> {
    return this.#place(meeting.sip, true);
  }

  /** Dial a number or address typed on the keypad, or chosen from the directory. */
  dial(number: string): Promise<boolean> {
    return number.trim() === '' ? Promise.resolve(false) : this.#place(number.trim(), false);
  }

  async #place(number: string, preset: boolean): Promise<boolean> {
    if (this.#busy !== null || !this.#spec) return false;
    this.#busy = 'dial';
    this.#problem = null;
    const attempt: Attempt = {
      number,
      since: this.#nowS(),
      starting: !this.#from.roomOn(),
      dialled: false,
      failed: false,
    };
    this.#attempt = attempt;
    this.#from.showCall();
    try {
      if (!this.#from.roomOn()) {
        await this.#from.startRoom();
        if (!this.#from.roomOn()) {
          this.#fail(() => t('call.fail.roomOff', { call: callFor(this.#from.room.roomHelp.phone) }));
          return false;
        }
      }
      const first = this.view?.presets[0];
      // The camera framed for the meeting; a preset that fails does not keep the room from the call.
      if (preset && first && this.can('camera_preset'))
        await this.#exec('camera_preset', [first.id]).catch(() => undefined);
      await this.#exec('dial', [number]);
      this.#attempt = { ...attempt, dialled: true };
      return true;
    } catch (error) {
      this.#fail(() => this.#words(error));
      return false;
    } finally {
      this.#refresh();
      this.#busy = null;
    }
  }

  /** Answer the call ringing in; answering starts the room, and the call page is shown. */
  async answer(): Promise<boolean> {
    const call = this.view?.incoming;
    if (!call) return false;
    const ok = await this.press('call_accept', [call.id]);
    if (ok) {
      this.#from.showCall();
      if (!this.#from.roomOn()) await this.#from.startRoom();
    }
    return ok;
  }

  decline(): Promise<boolean> {
    const call = this.view?.incoming;
    return call ? this.press('call_reject', [call.id]) : Promise.resolve(false);
  }

  /**
   * Microphone privacy: the codec's mute, and the room's own microphones (the mutes on its
   * microphone pages) with it, so nobody in the room is heard by the far end through either path.
   * The button shows the codec's state; the microphones' own buttons show theirs.
   */
  async privacy(muted: boolean): Promise<boolean> {
    const ok = await this.press('mic_mute', [muted]);
    if (!ok) return false;
    const mics = (this.#from.room.plan?.pages ?? []).flatMap((page) =>
      page.groups.filter((g) => g.mutes === true).flatMap((g) => g.controls),
    );
    for (const c of mics) {
      if (c.type !== 'toggle') continue;
      const command = muted ? c.on : c.off;
      // One microphone that does not answer is said on its own button; the rest still follow.
      await this.#from.room.exec(c.module, c.index, command).catch(() => undefined);
      this.#from.room.feeds.refresh({ module: c.module, index: c.index });
    }
    return true;
  }

  /** Leave call: every call the room is in or placing is hung up. */
  async leave(): Promise<boolean> {
    const calls = (this.view?.calls ?? []).filter((c) => c.status !== 'Disconnecting');
    if (calls.length === 0) return false;
    this.#attempt = null;
    return this.press('hangup', []);
  }

  async search(text: string): Promise<boolean> {
    if (!this.can('phonebook_search') || this.#busy !== null) return false;
    this.#busy = 'phonebook_search';
    this.#problem = null;
    try {
      this.#found = directoryOf(await this.#exec('phonebook_search', [text.trim()]));
      return true;
    } catch (error) {
      this.#fail(() => this.#words(error));
      return false;
    } finally {
      this.#busy = null;
    }
  }

  /** One of the codec's own controls (privacy, share, presets, self view, DTMF…), then read again. */
  async press(method: CallMethod, args: unknown[]): Promise<boolean> {
    if (this.#busy !== null || !this.can(method)) return false;
    this.#busy = method;
    this.#problem = null;
    try {
      await this.#exec(method, args);
      return true;
    } catch (error) {
      this.#fail(() => this.#words(error));
      return false;
    } finally {
      this.#refresh();
      this.#busy = null;
    }
  }

  #exec(method: string, args: unknown[]): Promise<unknown> {
    const at = this.#spec;
    if (!at) return Promise.reject(new Error('no codec'));
    return this.#codecRoom.exec(at.module, at.index, { method, args });
  }

  #refresh(): void {
    const at = this.#spec;
    if (at) this.#codecRoom.feeds.refresh(at);
  }

  #fail(words: () => string): void {
    this.#problem = words;
    if (this.#attempt) this.#attempt = { ...this.#attempt, failed: true };
  }

  #words(error: unknown): string {
    const at = this.#spec;
    // No answer to a press sent to the codec (the service itself still answering, or it would be
    // the link's words): the codec is what did not answer, named as the room calls it.
    if (isNoAnswer(error) && !isLinkLoss(error))
      return t('call.fail.codecSilent', { call: callFor(this.#from.room.roomHelp.phone) });
    return this.#codecRoom.messageOf(error, at ? { module: at.module, index: at.index } : undefined);
  }
}
