import { blinds } from './blinds.ts';
import { bookings } from './bookings.ts';
import { camera } from './camera.ts';
import { codec } from './codec.ts';
import { display } from './display.ts';
import type { Driver } from './driver.ts';
import { genericDisplay, genericLogic } from './generic.ts';
import { lighting } from './lighting.ts';
import { mixer } from './mixer.ts';
import { projector } from './projector.ts';
import { recorder } from './recorder.ts';
import { roomLogic } from './room-logic.ts';
import { roomPc } from './room-pc.ts';
import { switcher } from './switcher.ts';

const all: Driver[] = [
  display,
  projector,
  switcher,
  lighting,
  blinds,
  camera,
  mixer,
  recorder,
  codec,
  roomLogic,
  bookings,
  roomPc,
  genericDisplay,
  genericLogic,
];

/** Every simulated driver by its key (DependencyRecord.driver). */
export const drivers: ReadonlyMap<string, Driver> = new Map(all.map((d) => [d.key, d]));

export function getDriver(key: string): Driver | undefined {
  return drivers.get(key);
}
