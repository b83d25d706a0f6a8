/** Records as the simulator keeps them; the wire shapes are these plus derived fields (see routes/). */

export type Role = 0 | 1 | 2 | 3;
export const ROLE = { ssh: 0, device: 1, service: 2, logic: 3 } as const;

export interface ZoneRecord {
  id: string;
  name: string;
  description: string;
  /** Parent zone id: organisation → building → level. */
  parent_id: string | null;
  tags: string[];
  created_at: number;
}

export interface DependencyRecord {
  id: string;
  /** Default class name of modules made from this driver, e.g. "Display". */
  name: string;
  description: string;
  role: Role;
  /** Which simulated driver implements it (key into the device registry). */
  driver: string;
  default_port: number | null;
  created_at: number;
}

export interface SystemRecord {
  id: string;
  edge_id: string;
  name: string;
  zones: string[];
  modules: string[];
  description: string;
  email: string;
  capacity: number;
  features: string[];
  bookable: boolean;
  installed_ui_devices: number;
  settings: Record<string, unknown>;
  created_at: number;
  updated_at: number;
  support_url: string;
  version: number;
}

export interface ModuleRecord {
  id: string;
  dependency_id: string;
  control_system_id: string | null;
  edge_id: string;
  ip: string;
  tls: boolean;
  udp: boolean;
  port: number | null;
  makebreak: boolean;
  uri: string;
  custom_name: string;
  settings: Record<string, unknown>;
  updated_at: number;
  created_at: number;
  role: Role;
  notes: string;
  connected: boolean;
  running: boolean;
  ignore_connected: boolean;
  ignore_startstop: boolean;
}

/** Status keys of a module mapped to JSON values. */
export type DeviceState = Record<string, unknown>;
