import type { Driver, DriverContext, SiblingModule, SystemContext } from '../devices/driver.ts';
import { DriverError, InvalidArgumentsError } from '../devices/driver.ts';
import { describeFuncs } from '../devices/funcs.ts';
import { getDriver } from '../devices/registry.ts';
import { ExecTimeoutError, MethodNotFoundError, readState, runExec } from '../devices/runner.ts';
import { ApiError, notFound } from './api-error.ts';
import type { UserRole } from '../auth/types.ts';
import type { DeviceState, ModuleRecord, SystemRecord } from '../store/model.ts';
import type { Repository } from '../store/repository.ts';

export interface DeviceOptions {
  /** Added to every command unless a module sets its own `settings.latency_ms`. */
  latencyMs: number;
  /** How long exec waits for a device before answering 504 (wire contract: 15 s). */
  execTimeoutMs: number;
}

/** A module addressed the way exec, state and funcs address it: class name + 1-based index. */
export interface Addressed {
  system: SystemRecord;
  module: ModuleRecord;
  driver: Driver;
}

/** Runs methods and reads state of the simulated devices behind a system's modules. */
export class Devices {
  constructor(
    private readonly repo: Repository,
    private readonly now: () => number,
    readonly options: DeviceOptions,
  ) {}

  /** The system's modules with their class names and per-class indexes, in `modules` order. */
  siblings(system: SystemRecord): SiblingModule[] {
    const counts = new Map<string, number>();
    const result: SiblingModule[] = [];
    for (const id of system.modules) {
      const module = this.repo.modules.get(id);
      if (!module) continue;
      const className = this.repo.className(module);
      const index = (counts.get(className) ?? 0) + 1;
      counts.set(className, index);
      result.push({ className, index, module });
    }
    return result;
  }

  address(system: SystemRecord, className: string, index: number): Addressed {
    let seen = 0;
    for (const id of system.modules) {
      const module = this.repo.modules.get(id);
      if (!module || this.repo.className(module) !== className) continue;
      seen += 1;
      if (seen === index) return { system, module, driver: this.driverOf(module) };
    }
    throw notFound(`module ${className} ${index} in system ${system.id}`, 'module_not_found');
  }

  /**
   * A module addressed by its id rather than through a room (the current generation's
   * `/modules/:id/exec`): it runs in the context of its own system, else the first that lists it.
   */
  direct(module: ModuleRecord): Addressed {
    const system =
      (module.control_system_id ? this.repo.systems.get(module.control_system_id) : undefined) ??
      this.repo.systemsContaining(module.id)[0];
    if (!system) throw notFound(`a system holding module ${module.id}`, 'module_not_found');
    return { system, module, driver: this.driverOf(module) };
  }

  types(system: SystemRecord): Record<string, number> {
    const types: Record<string, number> = {};
    for (const { className } of this.siblings(system)) types[className] = (types[className] ?? 0) + 1;
    return types;
  }

  count(system: SystemRecord, className: string): number {
    return this.siblings(system).filter((s) => s.className === className).length;
  }

  funcs(target: Addressed) {
    return describeFuncs(target.driver, target.module.settings);
  }

  /** The state a system sees of one of its modules (a shared module shows each room its own). */
  stateFor(target: Addressed): DeviceState {
    const state = this.state(target.module, target.system);
    return target.driver.view ? target.driver.view(state, this.systemContext(target.system)) : state;
  }

  /** A stopped module's state is frozen: time-driven changes apply only while it runs. */
  state(module: ModuleRecord, system?: SystemRecord): DeviceState {
    const driver = this.driverOf(module);
    const ctx = this.context(module, system);
    if (!module.running) return { ...ctx.state };
    if (!driver.advance) return readState(driver, ctx);
    // Only time-driven drivers can change state on a read; only then is it worth comparing.
    const before = JSON.stringify(ctx.state);
    const state = readState(driver, ctx);
    if (JSON.stringify(ctx.state) !== before) this.repo.changed('states');
    return state;
  }

  /** Whether the module's driver acts on its own as time passes (Driver.actsOnItsOwn). */
  actsOnItsOwn(module: ModuleRecord): boolean {
    const dependency = this.repo.dependencies.get(module.dependency_id);
    const driver = dependency ? getDriver(dependency.driver) : undefined;
    return driver?.actsOnItsOwn?.(module.settings) === true;
  }

  /**
   * `caller`: the role of whoever asks through an API or the websocket, checked against the
   * method's own roles; absent for a module's logic acting inside the service.
   */
  async exec(target: Addressed, method: string, args: unknown[], caller?: UserRole): Promise<unknown> {
    const { module, driver, system } = target;
    const roles = Object.hasOwn(driver.funcs, method) ? driver.funcs[method]?.roles : undefined;
    if (caller !== undefined && roles && !roles.includes(caller)) {
      throw new ApiError(
        403,
        'forbidden',
        `${method} needs the ${roles.join(' or ')} role; the ${caller} role may not call it`,
      );
    }
    if (!module.running) {
      throw new ApiError(
        409,
        'module_stopped',
        `${this.repo.className(module)} is stopped; start it before sending commands`,
      );
    }
    const ctx = this.context(module, system);
    try {
      return await runExec(driver, ctx, method, args, {
        globalLatencyMs: this.options.latencyMs,
        timeoutMs: this.options.execTimeoutMs,
      });
    } catch (error) {
      throw toApiError(error, method);
    } finally {
      this.repo.changed('states');
    }
  }

  private driverOf(module: ModuleRecord): Driver {
    const dependency = this.repo.dependencies.get(module.dependency_id);
    const driver = dependency ? getDriver(dependency.driver) : undefined;
    if (!driver) throw new ApiError(502, 'driver_error', `no driver is loaded for module ${module.id}`);
    return driver;
  }

  private context(module: ModuleRecord, system?: SystemRecord): DriverContext {
    let state = this.repo.states.get(module.id);
    if (!state) {
      state = this.driverOf(module).initialState(module.settings);
      this.repo.states.set(module.id, state);
    }
    const ctx: DriverContext = { module, state, now: this.now };
    const owner =
      system ?? (module.control_system_id ? this.repo.systems.get(module.control_system_id) : undefined);
    if (owner) ctx.system = this.systemContext(owner);
    return ctx;
  }

  private systemContext(system: SystemRecord): SystemContext {
    const current = () => this.repo.systems.get(system.id) ?? system;
    return {
      id: system.id,
      name: system.name,
      get settings() {
        return current().settings;
      },
      state: (className, index) => this.stateFor(this.address(current(), className, index)),
      siblings: () => this.siblings(current()),
      exec: (className, index, method, args) =>
        this.exec(this.address(this.repo.systems.get(system.id) ?? system, className, index), method, args),
      other: (id) => {
        const found = this.repo.systems.get(id);
        if (!found) throw new DriverError(`system ${id} does not exist`);
        return this.systemContext(found);
      },
    };
  }
}

function toApiError(error: unknown, method: string): unknown {
  if (error instanceof ApiError) return error;
  if (error instanceof MethodNotFoundError)
    return new ApiError(404, 'method_not_found', `method ${method} not found`);
  if (error instanceof InvalidArgumentsError) return new ApiError(422, 'invalid_arguments', error.message);
  if (error instanceof DriverError) return new ApiError(502, 'driver_error', error.message);
  if (error instanceof ExecTimeoutError) {
    return new ApiError(
      504,
      'exec_timeout',
      'the device did not answer in time; the command may still complete',
    );
  }
  return error;
}
