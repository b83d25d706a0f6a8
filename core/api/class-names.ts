import type { Dependency, Module } from '../../contract/domain.ts';
import type { CallOptions, Page } from './calls.ts';

/**
 * The wire contract's `name` (the driver's default class name) is not in the spec, so some
 * services leave it out. A module without it and without `custom_name` takes its driver's name,
 * so that addressing it by class (exec, state) works. The drivers are read once, when needed.
 */
export class ClassNames {
  readonly #listDrivers: (options?: CallOptions) => Promise<Page<Dependency>>;
  #names: Promise<Map<string, string>> | null = null;

  constructor(listDrivers: (options?: CallOptions) => Promise<Page<Dependency>>) {
    this.#listDrivers = listDrivers;
  }

  async fill(modules: Module[], options?: CallOptions): Promise<Module[]> {
    if (modules.every(hasClassName)) return modules;
    // A service that will not list its drivers leaves the modules as they are, not the room unread.
    this.#names ??= this.#listDrivers(options).then(
      (page) => new Map(page.items.map((d) => [d.id, d.name])),
      () => new Map<string, string>(),
    );
    const names = await this.#names;
    return modules.map((m) => {
      if (hasClassName(m)) return m;
      const name = names.get(m.dependency_id);
      return name === undefined ? m : { ...m, name };
    });
  }
}

const hasClassName = (m: Module): boolean => m.name !== undefined || (m.custom_name ?? '') !== '';
