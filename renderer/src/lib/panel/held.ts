import { ErrorCode, type ModuleState } from '#contract';
import { toBridgeError } from '../bridge/bridge.ts';
import type { Address } from '../plan/plan.ts';

/**
 * A screen's power change the room has accepted but the screen cannot take yet (it is warming up
 * or cooling down): "Room off" during a warm-up, a start during a cool-down. A room logic that
 * queues such changes publishes them in its state `held` (`[{module, index, name, power}]`); the
 * panel keeps its own for a room without one. Either way the panel says it and counts it down.
 */
export interface HeldChange extends Address {
  /** The device as the room names it ("Projector 1"). */
  name: string;
  /** true: it will be switched on; false: off. */
  power: boolean;
}

/** The held changes a room logic reports; anything malformed is left out rather than trusted. */
export function heldIn(state: ModuleState | undefined): HeldChange[] {
  const list = state?.held;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item): HeldChange[] => {
    if (typeof item !== 'object' || item === null) return [];
    const h = item as Record<string, unknown>;
    if (typeof h.module !== 'string' || typeof h.index !== 'number' || typeof h.power !== 'boolean')
      return [];
    const name = typeof h.name === 'string' && h.name.trim() !== '' ? h.name : `${h.module} ${h.index}`;
    return [{ module: h.module, index: h.index, name, power: h.power }];
  });
}

export const sameDevice = (a: Address, b: Address): boolean => a.module === b.module && a.index === b.index;

/**
 * The device refused the command because it is warming up or cooling down (a projector's PJLink
 * ERR3, "try again in 12 s"): the command is right, only early, so it is worth holding.
 */
export function refusedMidTransition(error: unknown): boolean {
  const e = toBridgeError(error);
  if (e.code !== ErrorCode.ROOMDECK_DRIVER_ERROR) return false;
  const said = typeof e.details?.said === 'string' ? e.details.said : '';
  return /warming|cooling/i.test(`${e.message} ${said}`);
}
