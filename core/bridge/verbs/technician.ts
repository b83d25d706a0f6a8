import type { RoomdeckApi } from '../../../contract/verbs.ts';
import { RoomdeckError } from '../../api/errors.ts';
import type { TechnicianGate } from '../../technician/gate.ts';
import { afterReady } from './calls.ts';
import { ErrorCode } from '../../../contract/error-codes.ts';

export interface TechnicianVerbsDeps {
  ready: Promise<void>;
  /** The kiosk's PIN gate and the technician's own session behind it. */
  technician: TechnicianGate;
}

/** A failed sign-in start is told by the status; only the gate's own lock-out is an error. */
const unlessLocked = (err: unknown): null => {
  if (err instanceof RoomdeckError && err.code !== ErrorCode.ROOMDECK_TECHNICIAN_LOCKED) return null;
  throw err;
};

export function technicianVerbs({ ready, technician }: TechnicianVerbsDeps): RoomdeckApi['technician'] {
  const after = afterReady(ready);
  return {
    status: after(async () => technician.status()),
    unlock: after(({ pin }) => technician.unlock(pin)),
    signIn: after(async () => {
      const start = await technician.signIn().catch(unlessLocked);
      return { status: technician.status().session, navigateTo: start?.navigateTo ?? null };
    }),
    deviceSignIn: after(async () => {
      // Not offered, or the service unreachable: the status carries why; the drawer offers the other way.
      const device = await technician.deviceSignIn().catch(unlessLocked);
      return { status: technician.status().session, device };
    }),
    cancelSignIn: after(async () => {
      technician.cancelSignIn();
      return technician.status();
    }),
    touch: after(async () => {
      technician.touch();
      return technician.status();
    }),
    close: after(async () => {
      await technician.close();
      return technician.status();
    }),
  };
}
