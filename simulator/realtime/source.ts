import type { UserRole } from '../auth/index.ts';
import { ApiError } from '../control/api-error.ts';
import type { Simulator } from '../control/simulator.ts';
import type { DeviceState } from '../store/model.ts';
import { WS_ERROR, type WsErrorCode } from './protocol.ts';

/** A module as the socket sees it through (sys, mod, index). */
export interface Resolved {
  moduleId: string;
  /** The driver's class, for debug frames' `klass`. */
  klass: string;
  /** Its state as that system sees it (time-driven changes applied). */
  state: DeviceState;
}

/** What the control websocket needs of the Control Service; the simulator is one (simulatorSource). */
export interface LiveSource {
  hasSystem(sys: string): boolean;
  /** Null when the system or the module is not there (yet): a binding waits for it (D8). */
  resolve(sys: string, mod: string, index: number): Resolved | null;
  /** A module of `sys` named by its id (a current-generation debug request, realtime.md §4.4). */
  resolveModule(sys: string, moduleId: string): Resolved | null;
  /** `role`: the caller's, checked against the method's own roles. */
  exec(
    sys: string,
    mod: string,
    index: number,
    method: string,
    args: unknown[],
    role: UserRole,
  ): Promise<unknown>;
  /** The seam: runs after every change of live state; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
  /** Runs after every change of the token store (issue, refresh, revoke). */
  onAuthChange(listener: () => void): void;
  /** Whether an access token is live (not expired, revoked or unknown). */
  tokenLive(token: string): boolean;
  /** Whether a grant still stands (socket-life.ts). */
  grantLive(grantId: string): boolean;
  /**
   * Brings every running time-driven module up to date (a warm-up counting down); a change is
   * announced through onChange like any other, so nothing bound is re-read when nothing changed.
   */
  advanceTime(): void;
  now(): number;
}

export function simulatorSource(sim: Simulator): LiveSource {
  const now = sim.options.now ?? Date.now;
  const resolve = (sys: string, mod: string, index: number): Resolved | null => {
    const system = sim.repo.systems.get(sys);
    if (!system) return null;
    try {
      const target = sim.devices.address(system, mod, index);
      return {
        moduleId: target.module.id,
        klass: target.driver.className,
        state: sim.devices.stateFor(target),
      };
    } catch {
      return null;
    }
  };
  return {
    hasSystem: (sys) => sim.repo.systems.has(sys),
    resolve,
    resolveModule(sys, moduleId) {
      // Only a module the system lists, seen as that system sees it: its class and its place among
      // the system's modules of that class (how Class_N is counted, devices.address).
      const system = sim.repo.systems.get(sys);
      const module = sim.repo.modules.get(moduleId);
      if (!system?.modules.includes(moduleId) || !module) return null;
      const className = sim.repo.className(module);
      const upTo = system.modules.slice(0, system.modules.indexOf(moduleId) + 1);
      const index = upTo.filter((id) => {
        const other = sim.repo.modules.get(id);
        return other !== undefined && sim.repo.className(other) === className;
      }).length;
      return resolve(sys, className, index);
    },
    async exec(sys, mod, index, method, args, role) {
      const target = sim.devices.address(sim.systems.get(sys), mod, index);
      const result = await sim.devices.exec(target, method, args, role);
      await sim.flush();
      return result;
    },
    onChange: (listener) => sim.onLiveChange(listener),
    onAuthChange: (listener) => sim.auth.onChange(listener),
    tokenLive: (token) => sim.auth.accessGrant(token) !== null,
    grantLive: (grantId) => sim.auth.grantLive(grantId),
    advanceTime: () => sim.advanceTime(),
    now,
  };
}

/** Roles that may follow debug streams and reach `_`-prefixed modules (D8, D10). */
export const isSupport = (role: UserRole): boolean => role === 'admin' || role === 'support';

/** A failed exec as the socket numbers it (D8). */
export function execError(error: unknown): { code: WsErrorCode; msg: string } {
  if (!(error instanceof ApiError)) {
    return { code: WS_ERROR.unexpectedFailure, msg: 'failed to execute request' };
  }
  switch (error.code) {
    case 'not_found':
      return { code: WS_ERROR.systemNotFound, msg: error.message };
    case 'module_not_found':
      return { code: WS_ERROR.moduleNotFound, msg: `could not find module: ${error.message}` };
    case 'method_not_found':
      return { code: WS_ERROR.badRequest, msg: error.message };
    case 'invalid_arguments':
      return { code: WS_ERROR.badRequest, msg: error.message };
    case 'forbidden':
      return { code: WS_ERROR.accessDenied, msg: error.message };
    case 'module_stopped':
      return { code: WS_ERROR.requestFailed, msg: `module stopped: ${error.message}` };
    case 'driver_error':
      return { code: WS_ERROR.requestFailed, msg: `module raised: ${error.message}` };
    default:
      return { code: WS_ERROR.unexpectedFailure, msg: error.message };
  }
}
