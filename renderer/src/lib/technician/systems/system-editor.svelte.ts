import type { Module, RoomdeckApi, System, Types, Zone } from '#contract';
import { checkSettings, type SettingsCheck, typesOf } from './settings-check.ts';
import { classNameOf } from '../../modules/addressing.ts';
import { describeProblem, localProblem, type Problem, VERSION_CONFLICT } from '../common/problem.ts';
import { changesOf, type DraftField, draftOf, emptyDraft, rebase, type SystemDraft } from './system-draft.ts';
import { t } from '../../i18n/i18n.svelte.ts';

export type EditorPhase = 'loading' | 'editing' | 'saving' | 'saved' | 'conflict' | 'failed';

/**
 * Editing (or creating) one system. Updates carry the version the form was loaded at; when
 * someone else saved first (409) the person's edits stay in the form, and reloading takes the
 * latest version and the other person's changes to fields this person did not touch.
 */
export class SystemEditor {
  readonly #api: RoomdeckApi;
  /** null: creating a new system. */
  readonly id: string | null;
  #base = $state.raw<SystemDraft>(emptyDraft());
  #draft = $state<SystemDraft>(emptyDraft());
  #version = $state(0);
  #phase = $state<EditorPhase>('loading');
  #problem = $state.raw<Problem | null>(null);
  #clashes = $state.raw<Partial<Record<DraftField, string>>>({});
  #zones = $state.raw<Zone[]>([]);
  #moduleNames = $state.raw<Record<string, string>>({});
  #saved = $state.raw<System | null>(null);
  /** The room's classes as the draft lists them: what a panel layout may name. */
  readonly draftTypes: Types = $derived(
    typesOf(this.#draft.modules.map((id) => this.#moduleNames[id] ?? id)),
  );
  /** The settings as typed, checked as JSON and (settings.panel) against the panel layout schema. */
  readonly settingsCheck: SettingsCheck = $derived(checkSettings(this.#draft.settings, this.draftTypes));

  constructor(api: RoomdeckApi, id: string | null) {
    this.#api = api;
    this.id = id;
  }

  get draft(): SystemDraft {
    return this.#draft;
  }
  get version(): number {
    return this.#version;
  }
  get phase(): EditorPhase {
    return this.#phase;
  }
  get problem(): Problem | null {
    return this.#problem;
  }
  /** Fields someone else changed to something other than this person's edit (after a reload). */
  get clashes(): Partial<Record<DraftField, string>> {
    return this.#clashes;
  }
  get zones(): Zone[] {
    return this.#zones;
  }
  get saved(): System | null {
    return this.#saved;
  }
  get dirty(): boolean {
    const c = changesOf(this.#base, this.#draft);
    return !c.ok || c.count > 0;
  }
  moduleName(id: string): string {
    return this.#moduleNames[id] ?? id;
  }

  async load(): Promise<void> {
    this.#phase = 'loading';
    void this.#loadZones();
    if (this.id === null) {
      this.#phase = 'editing';
      return;
    }
    try {
      const detail = await this.#api.systems.get({ id: this.id });
      this.#adopt(detail.system);
      this.#draft = draftOf(detail.system);
      this.#moduleNames = Object.fromEntries(detail.modules.map((m) => [m.id, classNameOf(m)]));
      this.#phase = 'editing';
    } catch (error) {
      this.#problem = describeProblem(error);
      this.#phase = 'failed';
    }
  }

  /** Saves the changed fields; resolves to the saved system, or null when it did not save. */
  async save(): Promise<System | null> {
    if (this.#phase === 'saving' || this.#phase === 'loading') return null;
    const changes = changesOf(this.#base, this.#draft);
    const check = this.settingsCheck;
    if (changes.ok && changes.changes.settings !== undefined && check.state === 'panel-problems') {
      this.#problem = localProblem([
        {
          field: 'settings',
          reason: t('tech.system.layoutProblems', { count: check.problems.length }),
        },
      ]);
      this.#phase = 'failed';
      return null;
    }
    if (!changes.ok) {
      this.#problem = localProblem(changes.failures);
      this.#phase = 'failed';
      return null;
    }
    this.#phase = 'saving';
    this.#problem = null;
    try {
      const system =
        this.id === null
          ? await this.#api.systems.create({ system: changes.changes })
          : await this.#api.systems.update({ id: this.id, version: this.#version, changes: changes.changes });
      this.#adopt(system);
      this.#draft = draftOf(system);
      this.#clashes = {};
      this.#saved = system;
      this.#phase = 'saved';
      return system;
    } catch (error) {
      this.#problem = describeProblem(error);
      this.#phase = this.#problem.code === VERSION_CONFLICT ? 'conflict' : 'failed';
      return null;
    }
  }

  /** After a conflict: the latest version from the service, with this person's edits kept. */
  async reloadLatest(): Promise<void> {
    if (this.id === null) return;
    try {
      const latest = await this.#api.systems.get({ id: this.id });
      const { draft, clashes } = rebase(this.#base, $state.snapshot(this.#draft), draftOf(latest.system));
      this.#adopt(latest.system);
      this.#draft = draft;
      this.#clashes = clashes;
      this.#moduleNames = Object.fromEntries(latest.modules.map((m) => [m.id, classNameOf(m)]));
      this.#problem = null;
      this.#phase = 'editing';
    } catch (error) {
      this.#problem = describeProblem(error);
    }
  }

  toggleZone(id: string, member: boolean): void {
    const zones = this.#draft.zones.filter((z) => z !== id);
    this.#draft.zones = member ? [...zones, id] : zones;
  }

  /** Reordering changes module indexes (Display 1, Display 2), so it is an explicit move. */
  moveModule(from: number, by: -1 | 1): void {
    const to = from + by;
    const list = [...this.#draft.modules];
    const moving = list[from];
    if (moving === undefined || to < 0 || to >= list.length) return;
    list.splice(from, 1);
    list.splice(to, 0, moving);
    this.#draft.modules = list;
  }

  /** Adds an existing module at the end (it becomes the last of its class: Display N+1). */
  addModule(module: Module): void {
    if (this.#draft.modules.includes(module.id)) return;
    this.#moduleNames = { ...this.#moduleNames, [module.id]: classNameOf(module) };
    this.#draft.modules = [...this.#draft.modules, module.id];
  }

  /** Takes a module out of this room only; it stays in the building and in other rooms. */
  removeModule(id: string): void {
    this.#draft.modules = this.#draft.modules.filter((m) => m !== id);
  }

  #adopt(system: System): void {
    this.#base = draftOf(system);
    this.#version = system.version;
  }

  async #loadZones(): Promise<void> {
    try {
      this.#zones = (await this.#api.systems.zones({ limit: 500 })).items;
    } catch {
      // Without the zone list, zones show by id; the service still checks them.
    }
  }
}
