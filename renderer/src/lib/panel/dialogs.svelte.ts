import { t } from '../i18n/i18n.svelte.ts';
import type { PanelModel } from './panel.svelte.ts';

/** The panel's questions and sheets: ending the meeting or switching off, help, and a room reset. */
export class PanelDialogs {
  readonly #panel: PanelModel;
  /** The help sheet is open. */
  help = $state(false);
  /**
   * The one question before the room ends: decided when the button is pressed, so the answer does
   * what the question said even if the calendar changes while it is open.
   */
  confirming = $state<'end' | 'off' | null>(null);
  /** "Reset the room?" is asked (from the help sheet). */
  confirmReset = $state(false);

  constructor(panel: PanelModel) {
    this.#panel = panel;
  }

  /** Room off (or End meeting while a meeting is under way) was pressed. */
  askOff(): void {
    this.confirming = this.#panel.booking?.status === 'busy' ? 'end' : 'off';
  }

  get question(): string {
    const plan = this.#panel.plan;
    const hasPower = plan?.power !== null && plan?.power !== undefined;
    // In a call, the question says the call ends too: nobody is cut off a call unwarned.
    const inCall = this.#panel.calls.view?.active != null;
    return this.confirming === 'end'
      ? hasPower
        ? t(inCall ? 'room.dialog.endCallAndOff' : 'room.dialog.endAndOff')
        : t('room.dialog.endMeeting')
      : t('room.dialog.off');
  }

  answer(yes: boolean): void {
    const what = this.confirming;
    this.confirming = null;
    if (!yes) return;
    void (what === 'end' ? this.#panel.endMeeting() : this.#panel.off());
  }

  /** The help sheet offers a reset only where the room has one and is on. */
  get canReset(): boolean {
    return Boolean(this.#panel.plan?.power?.reset) && this.#panel.roomOn;
  }

  askReset(): void {
    this.help = false;
    this.confirmReset = true;
  }

  answerReset(yes: boolean): void {
    this.confirmReset = false;
    if (yes) void this.#panel.reset();
  }
}
