import type { DeviceState } from '../store/model.ts';
import { requirePower } from './params.ts';

/*
 * Power and input as every simulated display takes them (our own driver and the foreign one): the
 * input is set only while the display is on, as a panel in standby ignores it.
 */

export function setDisplayPower(state: DeviceState, on: boolean): void {
  state.power = on;
}

/** The input is checked against the display's list by the caller, first (a bad name is a 422). */
export function setDisplayInput(state: DeviceState, input: string): void {
  requirePower(state, 'display');
  state.input = input;
}
