import { ErrorCode } from '../../contract/error-codes.ts';
import { AuthError, ServiceError } from '../api/errors.ts';
import { CAPABILITIES, type Capability, type CapabilitiesView } from '../../contract/capabilities.ts';

export { CAPABILITIES, type Capability, type CapabilitiesView };

/**
 * How Roomdeck learns what the signed-in account may do. The API has no "who am I", so each
 * capability is probed once at sign-in with a request that changes nothing (an empty body the
 * service must refuse, or an id that does not exist): a 403 means the role may not, any other
 * refusal means it may. Every later 403 or success of a real request corrects the picture.
 */

const WHAT: Record<Capability, string> = {
  'systems.create': 'create rooms',
  'systems.remove': 'delete rooms',
  'systems.update': 'change rooms',
  'systems.startStop': 'start or stop rooms',
  'systems.exec': 'send commands to devices',
  'modules.create': 'create modules',
  'modules.remove': 'delete modules',
  'modules.update': 'change modules',
  'modules.startStop': 'start or stop modules',
  'modules.ping': 'ping devices',
};

export type ProbeOutcome = 'allowed' | 'forbidden' | 'unknown';

/** A probe's request: harmless by construction (see the class comment). */
export interface ProbeRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

const NOWHERE = 'roomdeck-capability-probe';
export const PROBES: Record<Capability, ProbeRequest> = {
  'systems.create': { method: 'POST', path: '/api/control/systems', body: {} },
  'systems.remove': { method: 'DELETE', path: `/api/control/systems/${NOWHERE}` },
  'systems.update': { method: 'PUT', path: `/api/control/systems/${NOWHERE}`, body: { version: 0 } },
  'systems.startStop': { method: 'POST', path: `/api/control/systems/${NOWHERE}/start` },
  'systems.exec': {
    method: 'POST',
    path: `/api/control/systems/${NOWHERE}/exec`,
    body: { module: 'Probe', index: 1, method: 'probe', args: [] },
  },
  'modules.create': { method: 'POST', path: '/api/control/modules', body: {} },
  'modules.remove': { method: 'DELETE', path: `/api/control/modules/${NOWHERE}` },
  'modules.update': { method: 'PUT', path: `/api/control/modules/${NOWHERE}`, body: {} },
  'modules.startStop': { method: 'POST', path: `/api/control/modules/${NOWHERE}/start` },
  'modules.ping': { method: 'POST', path: `/api/control/modules/${NOWHERE}/ping` },
};

/** How a probe's failure reads: refused by role, refused for another reason, or no answer. */
export function outcomeOf(error: unknown): ProbeOutcome {
  if (error instanceof AuthError && error.code === ErrorCode.ROOMDECK_FORBIDDEN) return 'forbidden';
  if (error instanceof ServiceError) return 'allowed';
  return 'unknown';
}

export class Capabilities {
  readonly #probe: (request: ProbeRequest) => Promise<ProbeOutcome>;
  readonly #known = new Map<Capability, boolean>();
  #probing: Promise<void> | null = null;

  constructor(probe: (request: ProbeRequest) => Promise<ProbeOutcome>) {
    this.#probe = probe;
  }

  /** Probes what is not known yet (once at a time); what a real request taught is kept. */
  refresh(): Promise<void> {
    this.#probing ??= (async () => {
      await Promise.all(
        CAPABILITIES.filter((c) => !this.#known.has(c)).map(async (capability) => {
          const outcome = await this.#probe(PROBES[capability]).catch((): ProbeOutcome => 'unknown');
          if (outcome !== 'unknown' && !this.#known.has(capability))
            this.#known.set(capability, outcome === 'allowed');
        }),
      );
    })().finally(() => {
      this.#probing = null;
    });
    return this.#probing;
  }

  /** A real request of this kind succeeded (true) or was refused by role (false). */
  learn(capability: Capability, may: boolean): void {
    this.#known.set(capability, may);
  }

  /** Another account (or none): forget everything. */
  reset(): void {
    this.#known.clear();
  }

  view(): CapabilitiesView {
    const may: Record<string, boolean | null> = {};
    const reasons: Record<string, string> = {};
    for (const capability of CAPABILITIES) {
      const known = this.#known.get(capability);
      may[capability] = known ?? null;
      if (known === false) {
        reasons[capability] =
          `Your account may not ${WHAT[capability]}. Ask an administrator, or sign in with an account that may.`;
      }
    }
    const manage: Capability[] = [
      'systems.update',
      'systems.startStop',
      'modules.update',
      'modules.startStop',
    ];
    return { may, reasons, technician: manage.some((c) => may[c] !== false) };
  }
}
