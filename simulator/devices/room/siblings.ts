import { DriverError, type DriverContext, type SiblingModule, type SystemContext } from '../driver.ts';
import { readStringList } from '../values.ts';

export const DEFAULT_SOURCES = ['Laptop', 'Room PC', 'Wireless'] as const;

/** The room's sources, in the order the panel shows them (source N is wired to input N). */
export const sources = (settings: Record<string, unknown>) =>
  readStringList(settings, 'sources', DEFAULT_SOURCES);

/** One device call the room makes; steps keep sibling order so warnings read predictably. */
export interface Step {
  target: SiblingModule;
  method: string;
  args: unknown[];
}

export function systemOf(ctx: DriverContext): SystemContext {
  if (!ctx.system) throw new DriverError('room logic is not bound to a system');
  return ctx.system;
}

/*
 * Devices are found by class name (a logic module sees its siblings' class names, not their
 * drivers), so a display renamed with custom_name "LeftScreen" is not driven by the room.
 */
export const ofClass = (siblings: SiblingModule[], className: string) =>
  siblings.filter((s) => s.className === className);

/** The device as the room's messages name it: its custom name, else "Display 1". */
export const label = (s: SiblingModule) => s.module.custom_name?.trim() || `${s.className} ${s.index}`;
