import { config } from './config.ts';
import { diagnostics } from './diagnostics.ts';
import { enrolment } from './enrolment.ts';
import { live } from './live.ts';
import { modules } from './modules.ts';
import { panel } from './panel.ts';
import { session } from './session.ts';
import { systems } from './systems.ts';
import { technician } from './technician.ts';
import type { DomainApi } from './verb.ts';

/**
 * The bridge: every verb the renderer may call, by domain. The preload's `window.roomdeck`, the IPC
 * handlers and the browser host's HTTP routes are all derived from this object.
 */
export const contract = {
  session,
  config,
  systems,
  modules,
  technician,
  panel,
  enrolment,
  diagnostics,
  live,
} as const;

export type Contract = typeof contract;
export type DomainName = keyof Contract;
export type VerbName<D extends DomainName> = keyof Contract[D] & string;

/** What the renderer sees as `window.roomdeck` (IPC) or gets from the HTTP bridge client. */
export type RoomdeckApi = { readonly [D in DomainName]: DomainApi<Contract[D]> };

/** IPC channel of a verb: `domain:verb`. */
export const channelOf = (domain: string, verbName: string): string => `${domain}:${verbName}`;
