import type { ModuleState, RoomdeckApi, SystemDetail, Types } from '#contract';
import { type RoomHelp, roomHelpOf } from '../words/help-contact.ts';
import { t } from '../i18n/i18n.svelte.ts';
import type { Address } from '../plan/plan.ts';

export interface HelpSources {
  api: RoomdeckApi;
  systemId: string;
  detail(): SystemDetail | null;
  types(): Types;
  feed(module: string, index: number): { state: ModuleState | undefined };
  /** The module that takes help requests, if any. */
  helpDesk(): Address | null;
  exec(module: string, index: number, command: { method: string; args: unknown[] }): Promise<unknown>;
}

/** Who people at the panel call, the room's help text, and the room's help requests. */
export class RoomHelpDesk {
  readonly #from: HelpSources;
  /** The installation's configured support contact (managed configuration), once read. */
  #supportContact = $state<string | null>(null);

  constructor(from: HelpSources) {
    this.#from = from;
  }

  set supportContact(contact: string | null) {
    this.#supportContact = contact;
  }

  /** Who to call and the room's own help text (its settings first, else the installation's contact). */
  get roomHelp(): RoomHelp {
    const systemHelp =
      (this.#from.types().RoomLogic ?? 0) > 0 ? this.#from.feed('RoomLogic', 1).state?.help : undefined;
    return roomHelpOf(this.#from.detail()?.system.settings, this.#supportContact, systemHelp);
  }

  /** Records a help request with the room system, for the technician tools' "Needs attention". */
  async request(message: string): Promise<void> {
    const desk = this.#from.helpDesk();
    if (!desk) throw new Error(t('room.help.noDesk'));
    await this.#from.exec(desk.module, desk.index, { method: 'request_help', args: [message] });
  }

  /** The room's help: its settings first, else RoomLogic's (read even when nothing polls RoomLogic). */
  async text(): Promise<string | null> {
    // The room's own help (its settings, written by the people who run it) comes first.
    const own = this.roomHelp.text;
    if (own !== null) return own;
    if ((this.#from.types().RoomLogic ?? 0) === 0) return null;
    const live = this.#from.feed('RoomLogic', 1).state?.help;
    if (typeof live === 'string') return live;
    const help = await this.#from.api.systems.state({
      id: this.#from.systemId,
      module: 'RoomLogic',
      index: 1,
      lookup: 'help',
    });
    // With `lookup` the service answers the bare value; older bridges wrap it in an object.
    const value: unknown = typeof help === 'object' && help !== null && 'help' in help ? help.help : help;
    return typeof value === 'string' ? value : null;
  }
}
