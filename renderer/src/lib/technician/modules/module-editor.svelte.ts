import type { Dependency, Module, RoomdeckApi, System } from '#contract';
import { describeProblem, localProblem, type Problem } from '../common/problem.ts';
import { emptyModuleDraft, type ModuleDraft, moduleChanges, moduleDraftOf } from './module-draft.ts';

export type ModuleEditorPhase = 'loading' | 'editing' | 'saving' | 'saved' | 'failed';

/** Creating a module from a driver, or updating one; the role decides which fields it needs. */
export class ModuleEditor {
  readonly #api: RoomdeckApi;
  /** null: creating a new module. */
  readonly id: string | null;
  #base = $state.raw<ModuleDraft>(emptyModuleDraft());
  #draft = $state<ModuleDraft>(emptyModuleDraft());
  #module = $state.raw<Module | null>(null);
  #phase = $state<ModuleEditorPhase>('loading');
  #problem = $state.raw<Problem | null>(null);
  #dependencies = $state.raw<Dependency[]>([]);
  #systems = $state.raw<System[]>([]);

  constructor(api: RoomdeckApi, id: string | null) {
    this.#api = api;
    this.id = id;
  }

  get draft(): ModuleDraft {
    return this.#draft;
  }
  get phase(): ModuleEditorPhase {
    return this.#phase;
  }
  get problem(): Problem | null {
    return this.#problem;
  }
  get dependencies(): Dependency[] {
    return this.#dependencies;
  }
  get systems(): System[] {
    return this.#systems;
  }
  get module(): Module | null {
    return this.#module;
  }
  /** The role of the module, or of the chosen driver when creating; -1 before one is chosen. */
  get role(): number {
    if (this.#module) return this.#module.role;
    return this.#dependencies.find((d) => d.id === this.#draft.dependency_id)?.role ?? -1;
  }

  async load(): Promise<void> {
    this.#phase = 'loading';
    try {
      if (this.id === null) {
        const [dependencies, systems] = await Promise.all([
          this.#api.modules.dependencies({ limit: 500 }),
          this.#api.systems.list({ limit: 500 }),
        ]);
        this.#dependencies = dependencies.items;
        this.#systems = systems.items;
      } else {
        this.#adopt(await this.#api.modules.get({ id: this.id }));
      }
      this.#phase = 'editing';
    } catch (error) {
      this.#problem = describeProblem(error);
      this.#phase = 'failed';
    }
  }

  /** A new driver brings its default port, so the common case needs no typing. */
  chooseDependency(id: string): void {
    this.#draft.dependency_id = id;
    const port = this.#dependencies.find((d) => d.id === id)?.default_port;
    if (typeof port === 'number' && this.#draft.port === '') this.#draft.port = String(port);
  }

  async save(): Promise<Module | null> {
    if (this.#phase === 'saving' || this.#phase === 'loading') return null;
    const creating = this.id === null;
    const result = moduleChanges(this.#base, $state.snapshot(this.#draft), this.role, creating);
    if (!result.ok) {
      this.#problem = localProblem(result.failures);
      this.#phase = 'failed';
      return null;
    }
    this.#phase = 'saving';
    this.#problem = null;
    try {
      const module =
        this.id === null
          ? await this.#api.modules.create({ module: result.changes })
          : await this.#api.modules.update({ id: this.id, changes: result.changes });
      this.#adopt(module);
      this.#phase = 'saved';
      return module;
    } catch (error) {
      this.#problem = describeProblem(error);
      this.#phase = 'failed';
      return null;
    }
  }

  #adopt(module: Module): void {
    this.#module = module;
    this.#base = moduleDraftOf(module);
    this.#draft = moduleDraftOf(module);
  }
}
