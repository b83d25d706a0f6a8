import type { Module } from '#contract';

/** A module as exec and state address it inside a system: class name and 1-based index. */
export interface ModuleAddress {
  id: string;
  module: string;
  index: number;
  label: string;
}

/** The class name the service addresses a module by: `custom_name` if set, else the driver's. */
export function classNameOf(module: Module): string {
  return module.custom_name?.trim() || module.name || module.dependency_id;
}

/** Display 1, Display 2, …: the Nth module of a class in the system's `modules` order (wire contract). */
export function addressesOf(modules: readonly Module[]): ModuleAddress[] {
  const seen = new Map<string, number>();
  return modules.map((m) => {
    const module = classNameOf(m);
    const index = (seen.get(module) ?? 0) + 1;
    seen.set(module, index);
    return { id: m.id, module, index, label: `${module} ${index}` };
  });
}

export const ROLE_NAMES = ['ssh', 'device', 'service', 'logic'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
export const roleName = (role: number): RoleName | 'unknown' => ROLE_NAMES[role] ?? 'unknown';
