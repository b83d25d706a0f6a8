/** Where the technician is inside the tools. */
export type ToolView =
  | { name: 'room'; id: string }
  | { name: 'fleet' }
  | { name: 'systems' }
  | { name: 'system'; id: string }
  | { name: 'system-edit'; id: string }
  | { name: 'system-create' }
  | { name: 'console'; systemId: string; moduleId?: string }
  | { name: 'modules'; systemId?: string }
  | { name: 'module'; id: string }
  | { name: 'module-edit'; id: string }
  | { name: 'module-create'; systemId?: string }
  | { name: 'panel' };

export type Tab = 'room' | 'fleet' | 'systems' | 'modules' | 'panel';

export const tabOf = (view: ToolView): Tab =>
  view.name === 'room'
    ? 'room'
    : view.name === 'fleet'
      ? 'fleet'
      : view.name === 'panel'
        ? 'panel'
        : view.name === 'modules' || view.name.startsWith('module')
          ? 'modules'
          : 'systems';

/**
 * A stack of views: "Back" returns to the previous one and, from the first, leaves the tools.
 * Tabs start a fresh stack, so Back never wanders across tabs.
 */
export class ToolsNav {
  // The first screen is the fleet (what is broken, across every room), or, at a room's panel, that room.
  #stack = $state.raw<ToolView[]>([{ name: 'fleet' }]);
  readonly #onexit: () => void;
  /** The room whose panel the tools were opened on, if any: its tab returns to it. */
  readonly #roomId: string | null;

  constructor(onexit: () => void, roomId: string | null = null) {
    this.#onexit = onexit;
    this.#roomId = roomId;
    if (roomId !== null) this.#stack = [{ name: 'room', id: roomId }];
  }

  get view(): ToolView {
    return this.#stack[this.#stack.length - 1] ?? { name: 'fleet' };
  }
  get tab(): Tab {
    return tabOf(this.view);
  }
  get depth(): number {
    return this.#stack.length;
  }

  open(view: ToolView): void {
    this.#stack = [...this.#stack, view];
  }

  /** Leaves a view that no longer makes sense (a deleted system, a saved form) without keeping it. */
  replace(view: ToolView): void {
    this.#stack = [...this.#stack.slice(0, -1), view];
  }

  switchTab(tab: Tab): void {
    if (tab === 'room') {
      if (this.#roomId !== null) this.#stack = [{ name: 'room', id: this.#roomId }];
      return;
    }
    this.#stack = [{ name: tab }];
  }

  back(): void {
    if (this.#stack.length <= 1) this.#onexit();
    else this.#stack = this.#stack.slice(0, -1);
  }
}
