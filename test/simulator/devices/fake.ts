import type {
  Driver,
  DriverContext,
  SiblingModule,
  SystemContext,
} from '../../../simulator/devices/driver.ts';
import { type ExecOptions, readState, runExec } from '../../../simulator/devices/runner.ts';
import type { ModuleRecord } from '../../../simulator/store/model.ts';

/** A module record with every field filled; tests override what they care about. */
export function fakeModule(driver: Driver, overrides: Partial<ModuleRecord> = {}): ModuleRecord {
  return {
    id: 'mod-1',
    dependency_id: `dep-${driver.key}`,
    control_system_id: null,
    edge_id: 'edge-1',
    ip: driver.defaultPort === null ? '' : '10.0.1.20',
    tls: false,
    udp: false,
    port: driver.defaultPort,
    makebreak: false,
    uri: '',
    custom_name: '',
    settings: {},
    updated_at: 0,
    created_at: 0,
    role: driver.role,
    notes: '',
    connected: true,
    running: true,
    ignore_connected: false,
    ignore_startstop: false,
    ...overrides,
  };
}

export class FakeClock {
  ms = 1_700_000_000_000;
  readonly now = () => this.ms;
  tick(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

export interface FakeDevice {
  ctx: DriverContext;
  clock: FakeClock;
  /** Moves the fake clock forward. */
  tick(seconds: number): void;
  exec(method: string, ...args: unknown[]): Promise<unknown>;
  state(): Record<string, unknown>;
}

export const noWait: ExecOptions = { globalLatencyMs: 0, timeoutMs: 1000 };

export function fakeDevice(
  driver: Driver,
  settings: Record<string, unknown> = {},
  options: { clock?: FakeClock; system?: SystemContext; className?: string } = {},
): FakeDevice {
  const clock = options.clock ?? new FakeClock();
  const module = fakeModule(driver, { settings, custom_name: options.className ?? '' });
  const ctx: DriverContext = { module, state: driver.initialState(settings), now: clock.now };
  if (options.system) ctx.system = options.system;
  return {
    ctx,
    clock,
    tick: (seconds) => clock.tick(seconds),
    exec: (method, ...args) => runExec(driver, ctx, method, args, noWait),
    state: () => readState(driver, ctx),
  };
}

export interface FakeRoom {
  system: SystemContext;
  clock: FakeClock;
  /** Devices by "Class index", e.g. "Display 2". */
  devices: Map<string, FakeDevice>;
  device(label: string): FakeDevice;
  /** Every call the room made, as "Class index method(args)". */
  calls: string[];
}

/** A system of real simulated drivers, each reached the way the exec endpoint reaches it. */
export function fakeRoom(
  members: { driver: Driver; settings?: Record<string, unknown> }[],
  systemSettings: Record<string, unknown> = {},
): FakeRoom {
  const clock = new FakeClock();
  const devices = new Map<string, FakeDevice>();
  const siblings: SiblingModule[] = [];
  const calls: string[] = [];
  for (const { driver, settings = {} } of members) {
    const index = siblings.filter((s) => s.className === driver.className).length + 1;
    const device = fakeDevice(driver, settings, { clock });
    devices.set(`${driver.className} ${index}`, device);
    siblings.push({ className: driver.className, index, module: device.ctx.module });
  }
  const drivers = new Map(members.map((m) => [m.driver.className, m.driver]));
  const system: SystemContext = {
    id: 'sys-1',
    name: 'Room 1.01',
    settings: systemSettings,
    state(className, index) {
      const device = devices.get(`${className} ${index}`);
      if (!device) throw new Error(`no module ${className} ${index}`);
      const state = device.state();
      const driver = drivers.get(className);
      return driver?.view ? driver.view(state, system) : state;
    },
    siblings: () => [...siblings],
    exec(className, index, method, args) {
      calls.push(`${className} ${index} ${method}(${args.map((a) => JSON.stringify(a)).join(', ')})`);
      const device = devices.get(`${className} ${index}`);
      const driver = drivers.get(className);
      if (!device || !driver) return Promise.reject(new Error(`no module ${className} ${index}`));
      return runExec(driver, device.ctx, method, args, noWait);
    },
  };
  return {
    system,
    clock,
    devices,
    calls,
    device(label) {
      const d = devices.get(label);
      if (!d) throw new Error(`no device ${label}`);
      return d;
    },
  };
}
