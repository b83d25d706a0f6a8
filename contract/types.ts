import type { Static } from '@sinclair/typebox';
import type {
  AppConfig as AppConfigSchema,
  PanelTimers as PanelTimersSchema,
  PollSettings as PollSettingsSchema,
} from './config.ts';
import type {
  BootView as BootViewSchema,
  LinkView as LinkViewSchema,
  SessionStatus as SessionStatusSchema,
  SignInResult as SignInResultSchema,
} from './session.ts';
import type {
  ModuleSnapshot as ModuleSnapshotSchema,
  RoomOpening as RoomOpeningSchema,
  SystemDetail as SystemDetailSchema,
} from './systems.ts';
import type {
  DeviceCode as DeviceCodeSchema,
  TechnicianAccess as TechnicianAccessSchema,
  UnlockResult as UnlockResultSchema,
} from './technician.ts';
import type { DiagnosticsExport as DiagnosticsExportSchema } from './diagnostics.ts';
import type {
  EnrolmentChange as EnrolmentChangeSchema,
  EnrolmentView as EnrolmentViewSchema,
} from './enrolment.ts';

/** The types the renderer needs, in one place it may import from (type-only: no schema code ships). */
export type {
  Dependency,
  FuncDescription,
  Funcs,
  Module,
  ModuleState,
  PingResult,
  System,
  SystemInput,
  ModuleInput,
  Types,
  Zone,
} from './domain.ts';
export type { BridgeErrorBody, BridgeResponse } from './errors.ts';
export type { RoomdeckApi } from './verbs.ts';
export type { Capability, CapabilitiesView } from './capabilities.ts';
export type SessionStatus = Static<typeof SessionStatusSchema>;
export type BootView = Static<typeof BootViewSchema>;
export type SignInResult = Static<typeof SignInResultSchema>;
export type AppConfig = Static<typeof AppConfigSchema>;
export type PollSettings = Static<typeof PollSettingsSchema>;
export type PanelTimers = Static<typeof PanelTimersSchema>;
export type SystemDetail = Static<typeof SystemDetailSchema>;
export type ModuleSnapshot = Static<typeof ModuleSnapshotSchema>;
export type RoomOpening = Static<typeof RoomOpeningSchema>;
export interface Page<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
}

export type LinkView = Static<typeof LinkViewSchema>;
export type TechnicianAccess = Static<typeof TechnicianAccessSchema>;
export type DeviceCode = Static<typeof DeviceCodeSchema>;
export type UnlockResult = Static<typeof UnlockResultSchema>;
export type EnrolmentView = Static<typeof EnrolmentViewSchema>;
export type EnrolmentChange = Static<typeof EnrolmentChangeSchema>;
export type DiagnosticsExport = Static<typeof DiagnosticsExportSchema>;

import type {
  LiveEvent as LiveEventSchema,
  LiveStatus as LiveStatusSchema,
  LiveTarget as LiveTargetSchema,
} from './live.ts';
export type LiveEvent = Static<typeof LiveEventSchema>;
export type LiveStatus = Static<typeof LiveStatusSchema>;
export type LiveTarget = Static<typeof LiveTargetSchema>;
