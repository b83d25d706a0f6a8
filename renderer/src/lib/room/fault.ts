import type { Address } from '../plan/plan.ts';

/** One device the room needs that is not answering, said once, in its kind's words. */
export interface Fault {
  device: Address;
  /** As the room names it ("Projector 1"). */
  name: string;
  sentence: string;
}
