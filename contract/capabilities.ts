import { type Static, Type } from '@sinclair/typebox';

/**
 * What the signed-in account may do (the probes and the class that learns it:
 * core/bridge/capabilities.ts), so the technician tools show an action it may not take as
 * disabled with the reason, not as a live button that fails. The API has no "who am I", so each
 * capability is probed once at sign-in with a request that changes nothing (an empty body the
 * service must refuse, or an id that does not exist): a 403 means the role may not, any other
 * refusal means it may. Every later 403 or success of a real request corrects the picture.
 */

export const CAPABILITIES = [
  'systems.create',
  'systems.remove',
  'systems.update',
  'systems.startStop',
  'systems.exec',
  'modules.create',
  'modules.remove',
  'modules.update',
  'modules.startStop',
  'modules.ping',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const CapabilitiesView = Type.Object({
  /** true: may; false: may not (with a reason); null: not known yet (the service did not answer). */
  may: Type.Record(Type.String(), Type.Union([Type.Boolean(), Type.Null()])),
  reasons: Type.Record(Type.String(), Type.String()),
  /** The account may change or operate anything beyond using a room: show the technician tools. */
  technician: Type.Boolean(),
});
export type CapabilitiesView = Static<typeof CapabilitiesView>;
