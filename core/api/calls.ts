import type { Module, System, Zone } from '../../contract/domain.ts';
import type { Clock } from './clock.ts';
import type { ServiceGeneration } from './generation.ts';
import type { AccessTokenSource } from './transport.ts';

/** What callers hand ControlClient and what its lists and details give back. */

export interface ControlClientOptions {
  /** The service's base URL, e.g. `https://control.example.org`. */
  baseUrl: string;
  auth: AccessTokenSource;
  /** Per HTTP attempt. */
  timeoutMs: number;
  /**
   * Exec waits on the device (wire contract: up to 15 s by default), so it gets longer than other
   * calls: the service's own `exec_timeout` answer says more than our giving up would.
   */
  execTimeoutMs?: number;
  fetch?: typeof fetch;
  clock?: Clock;
  /**
   * Which API generation the service speaks, one per service and shared with its sign-in
   * (generation.ts). Default: the legacy wire contract.
   */
  generation?: ServiceGeneration;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface ListParams {
  q?: string;
  limit?: number;
  offset?: number;
}
export interface SystemListParams extends ListParams {
  zoneId?: string;
  moduleId?: string;
}
export interface ModuleListParams extends ListParams {
  systemId?: string;
  dependencyId?: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
  /** Records on this page that could not be read and were left out (one bad room never empties a list). */
  skipped?: number;
}

/** A module inside a system: class name and 1-based index among the system's modules of that class. */
export interface ModuleAddress {
  module: string;
  index?: number;
}
export interface StateQuery extends ModuleAddress {
  lookup?: string;
}
export interface ExecCall extends ModuleAddress {
  method: string;
  args?: unknown[];
}

export interface SystemDetail {
  system: System;
  modules: Module[];
  zones: Zone[];
}
