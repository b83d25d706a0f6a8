import type {
  Dependency,
  ErrorCode,
  Funcs,
  LiveEvent,
  LiveStatus,
  Module,
  ModuleState,
  RoomdeckApi,
  System,
  Zone,
} from '#contract';
import { BridgeError } from '../../../renderer/src/lib/bridge.ts';
import type { LiveEventSource } from '../../../renderer/src/lib/live-events.ts';

/** A small in-memory Control Service behind the bridge's types, for technician logic tests. */

export const zones: Zone[] = [
  { id: 'zone-harbour', name: 'Harbour' },
  { id: 'zone-l3', name: 'Level 3' },
];

export const display: Module = {
  id: 'mod-display',
  dependency_id: 'dep-display',
  name: 'Display',
  ip: '10.0.0.2',
  port: 4999,
  role: 1,
  connected: true,
  running: true,
};
export const logic: Module = {
  id: 'mod-logic',
  dependency_id: 'dep-logic',
  name: 'RoomLogic',
  control_system_id: 'sys-huddle',
  role: 3,
  connected: true,
  running: true,
};

/** In the building but in no room: stopped, so the fleet view lists it. */
export const spare: Module = {
  id: 'mod-spare-camera',
  dependency_id: 'dep-camera',
  name: 'Camera',
  ip: '10.0.0.9',
  port: 52381,
  role: 1,
  connected: false,
  running: false,
};

export const huddle: System = {
  id: 'sys-huddle',
  name: 'Huddle 3.2',
  zones: ['zone-harbour'],
  modules: ['mod-logic', 'mod-display'],
  description: 'Four-person huddle',
  email: 'huddle@demo.local',
  capacity: 4,
  features: ['display', 'wireless-share'],
  bookable: true,
  installed_ui_devices: 1,
  support_url: 'https://control.demo.local/huddle',
  settings: { sources: ['Laptop'] },
  version: 2,
};

export const dependencies: Dependency[] = [
  { id: 'dep-display', name: 'Display', role: 1, default_port: 4999 },
  { id: 'dep-logic', name: 'RoomLogic', role: 3 },
  { id: 'dep-web', name: 'Calendar', role: 2 },
];

export const displayFuncs: Funcs = {
  power: { arity: 1, params: { state: { type: 'boolean' } }, order: ['state'] },
  volume: { arity: 1, params: { level: { type: 'integer', minimum: 0, maximum: 100 } }, order: ['level'] },
};

export interface Call {
  verb: string;
  args: unknown;
}

const fail = (code: ErrorCode, message: string, details?: Record<string, unknown>) =>
  new BridgeError({ code, message, ...(details ? { details } : {}) });

/** The main process's live events, as a test sends them: every listener gets each event at once. */
export function fakeEvents() {
  const listeners = new Set<(event: LiveEvent) => void>();
  const source: LiveEventSource = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    source,
    emit(event: LiveEvent): void {
      for (const listener of [...listeners]) listener(event);
    },
    /** How many listeners are subscribed now (a closed view leaves none behind). */
    get listeners(): number {
      return listeners.size;
    },
  };
}

export interface FakeBridgeOptions {
  /** Verbs refused with 403 (`live.debug` for a plain user's account). */
  forbid?: string[];
  /** What `live.watch` answers: push when the channel is up (polling by default, as without one). */
  liveMode?: LiveStatus['mode'];
}

export function fakeBridge(options: FakeBridgeOptions = {}) {
  const calls: Call[] = [];
  const systems = new Map<string, System>([[huddle.id, structuredClone(huddle)]]);
  const modules = new Map<string, Module>([
    [display.id, structuredClone(display)],
    [logic.id, structuredClone(logic)],
    [spare.id, structuredClone(spare)],
  ]);
  const state: ModuleState = { power: false, volume: 30 };
  const page = <T>(items: T[]) => ({ items, total: items.length, offset: 0, limit: 20 });

  const verb =
    <A, R>(name: string, run: (args: A) => R | Promise<R>) =>
    async (args: A): Promise<R> => {
      calls.push({ verb: name, args: structuredClone(args) });
      if (options.forbid?.includes(name)) {
        throw fail('ROOMDECK_FORBIDDEN', 'Your account is not allowed to do this.');
      }
      return run(args);
    };
  const systemOf = (id: string): System => {
    const s = systems.get(id);
    if (!s) throw fail('ROOMDECK_NOT_FOUND', 'The room or device no longer exists.');
    return s;
  };
  const notFaked = (name: string) => async (): Promise<never> => {
    throw new Error(`${name} is not faked`);
  };

  const api: RoomdeckApi = {
    session: {
      status: notFaked('status'),
      boot: notFaked('boot'),
      signIn: notFaked('signIn'),
      signOut: notFaked('signOut'),
      cancelSignIn: notFaked('cancelSignIn'),
      reopenSignIn: notFaked('reopenSignIn'),
      capabilities: notFaked('capabilities'),
      link: notFaked('link'),
    },
    config: { get: notFaked('config.get'), chooseSystem: notFaked('chooseSystem') },
    technician: {
      status: notFaked('technician.status'),
      unlock: notFaked('technician.unlock'),
      signIn: notFaked('technician.signIn'),
      deviceSignIn: notFaked('technician.deviceSignIn'),
      cancelSignIn: notFaked('technician.cancelSignIn'),
      touch: notFaked('technician.touch'),
      close: notFaked('technician.close'),
    },
    panel: { report: async () => null },
    enrolment: {
      status: notFaked('enrolment.status'),
      begin: notFaked('enrolment.begin'),
      unenrol: notFaked('enrolment.unenrol'),
    },
    diagnostics: { export: notFaked('diagnostics.export') },
    live: {
      watch: verb('live.watch', () => ({ mode: options.liveMode ?? ('polling' as const) })),
      status: verb('live.status', () => ({ mode: options.liveMode ?? ('polling' as const) })),
      debug: verb('live.debug', () => null),
      ignore: verb('live.ignore', () => null),
    },
    systems: {
      list: verb('systems.list', () => page([...systems.values()])),
      open: notFaked('systems.open'),
      get: verb('systems.get', ({ id }: { id: string }) => {
        const system = structuredClone(systemOf(id));
        const mods = system.modules.map((m) => modules.get(m)).filter((m): m is Module => m !== undefined);
        return { system, modules: mods, zones: zones.filter((z) => system.zones.includes(z.id)) };
      }),
      create: verb('systems.create', ({ system }) => {
        if (!system.zones || system.zones.length === 0) {
          throw fail('ROOMDECK_VALIDATION_FAILED', 'The service did not accept these values.', {
            failures: [{ field: 'zones', reason: 'must hold at least one zone' }],
          });
        }
        const created: System = {
          id: 'sys-new',
          name: system.name ?? '',
          zones: system.zones,
          modules: [],
          features: [],
          version: 0,
        };
        systems.set(created.id, created);
        return structuredClone(created);
      }),
      update: verb('systems.update', ({ id, version, changes }) => {
        const current = systemOf(id);
        if (version !== current.version) {
          throw fail(
            'ROOMDECK_VERSION_CONFLICT',
            'Someone else changed this room while you were editing it.',
            {
              currentVersion: current.version,
            },
          );
        }
        if (changes.name !== undefined && changes.name.trim() === '') {
          throw fail('ROOMDECK_VALIDATION_FAILED', 'The service did not accept these values.', {
            failures: [{ field: 'name', reason: 'is required' }],
          });
        }
        const next = { ...current, ...structuredClone(changes), version: current.version + 1 } as System;
        systems.set(id, next);
        return structuredClone(next);
      }),
      remove: verb('systems.remove', ({ id }: { id: string }) => {
        systems.delete(id);
        return null;
      }),
      start: verb('systems.start', () => null),
      stop: verb('systems.stop', () => null),
      exec: verb('systems.exec', ({ method, args }) => {
        if (method === 'volume') {
          if (state.power !== true)
            throw fail('ROOMDECK_DRIVER_ERROR', 'The device reported an error. (display is off)');
          state.volume = args?.[0];
        }
        if (method === 'power') state.power = args?.[0];
        return { result: null };
      }),
      state: verb('systems.state', () => structuredClone(state)),
      funcs: verb('systems.funcs', ({ module }) => (module === 'Display' ? displayFuncs : {})),
      count: verb('systems.count', () => ({ count: 1 })),
      types: verb('systems.types', () => ({ Display: 1, RoomLogic: 1 })),
      zones: verb('systems.zones', () => page(zones)),
    },
    modules: {
      list: verb('modules.list', () => page([...modules.values()])),
      get: verb('modules.get', ({ id }: { id: string }) => {
        const m = modules.get(id);
        if (!m) throw fail('ROOMDECK_NOT_FOUND', 'The room or device no longer exists.');
        return structuredClone(m);
      }),
      create: verb('modules.create', ({ module }) => {
        const created: Module = {
          id: 'mod-new',
          dependency_id: module.dependency_id ?? '',
          role: 1,
          connected: false,
          running: false,
          ...module,
        } as Module;
        modules.set(created.id, created);
        return structuredClone(created);
      }),
      update: verb('modules.update', ({ id, changes }) => {
        const next = { ...modules.get(id), ...changes } as Module;
        modules.set(id, next);
        return structuredClone(next);
      }),
      remove: verb('modules.remove', () => null),
      start: verb('modules.start', () => null),
      stop: verb('modules.stop', () => null),
      ping: verb('modules.ping', () => ({
        host: '10.0.0.2',
        pingable: true,
        warning: null,
        exception: null,
      })),
      state: verb('modules.state', () => structuredClone(state)),
      dependencies: verb('modules.dependencies', () => page(dependencies)),
    },
  };

  /** Someone else's save, behind the UI's back. */
  const changeBehindTheBack = (id: string, changes: Partial<System>) => {
    const current = systemOf(id);
    systems.set(id, { ...current, ...changes, version: current.version + 1 });
  };

  return { api, calls, systems, modules, state, changeBehindTheBack };
}
