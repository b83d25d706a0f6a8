import { type Contract, contract, type DomainName, type RoomdeckApi } from '../../contract/verbs.ts';
import type { Audience, Domain } from '../../contract/verb.ts';

/**
 * Who may call what, decided here and nowhere else, from each verb's declared audience
 * (verb.ts). createMainServices hands the transports (IPC, HTTP) and every in-process caller only
 * apis wrapped by `guardRoute`, so no route, transport or caller reaches a verb around this rule.
 */

/** Whose account a set of verbs acts as: the panel's own, or a kiosk technician's (their own route). */
export type Route = 'panel' | 'technician';

/** The PIN gate as the rule needs it: refuse (ROOMDECK_TECHNICIAN_LOCKED) unless open. */
export interface GateCheck {
  /** Throws unless the gate is open; counts as the technician's activity when it is. */
  assertOpen(): void;
}

/**
 * Must the PIN gate be open for a verb of this audience on this route?
 * - The gate's own verbs: never (they are how it opens).
 * - The technician's route acts with the technician's account: always.
 * - The panel's route: technician verbs on a kiosk, where whoever stands at the wall is not
 *   trusted; off a kiosk the person at the computer is the one who signed in, as before.
 */
export function needsOpenGate(route: Route, audience: Audience, kiosk: boolean): boolean {
  if (audience === 'gate') return false;
  if (route === 'technician') return true;
  return kiosk && audience === 'technician';
}

export interface RouteOptions {
  route: Route;
  kiosk: boolean;
  gate: GateCheck;
}

type Call = (args: unknown) => Promise<unknown>;

/**
 * The api as a route serves it: exactly the contract's verbs (anything else the implementation
 * has is left out), each behind the rule above, checked on every call.
 */
export function guardRoute(api: RoomdeckApi, options: RouteOptions): RoomdeckApi {
  const out: Record<string, Record<string, Call>> = {};
  for (const domain of Object.keys(contract) as DomainName[]) {
    const verbs: Domain = contract[domain] as Contract[typeof domain];
    const implementation = api[domain] as unknown as Readonly<Record<string, Call>>;
    const guarded: Record<string, Call> = {};
    for (const [name, { audience }] of Object.entries(verbs)) {
      const fn = Object.hasOwn(implementation, name) ? implementation[name] : undefined;
      if (typeof fn !== 'function') throw new Error(`The api does not implement ${domain}.${name}.`);
      guarded[name] = needsOpenGate(options.route, audience, options.kiosk)
        ? async (args) => {
            options.gate.assertOpen();
            return fn.call(implementation, args);
          }
        : (args) => fn.call(implementation, args);
    }
    out[domain] = guarded;
  }
  return out as unknown as RoomdeckApi;
}
