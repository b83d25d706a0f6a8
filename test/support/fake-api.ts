import type { RoomdeckApi } from '../../contract/verbs.ts';
import { contractApi } from './contract-api.ts';
import type { AppConfig, Module, SessionStatus, System, SystemDetail, Zone } from '../../contract/types.ts';

/** Planted in the fake session: no transport may ever let it out. */
export const PLANTED_ACCESS_TOKEN = 'at-5f3c9e1b7d2a4c68b0e1f9a7c3d5e2b4';
export const PLANTED_REFRESH_TOKEN = 'rt-0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d';

const zone: Zone = { id: 'zone-level-3', name: 'Level 3', description: 'Third floor', tags: ['floor'] };
const display: Module = {
  id: 'mod-display-1',
  dependency_id: 'dep-display',
  name: 'Display',
  control_system_id: 'sys-boardroom',
  ip: '10.0.1.20',
  port: 4352,
  role: 1,
  connected: true,
  running: true,
  settings: { input: 'hdmi1' },
};
const system: System = {
  id: 'sys-boardroom',
  name: 'Boardroom',
  zones: [zone.id],
  modules: [display.id],
  description: 'Level 3 boardroom',
  email: 'boardroom@demo.local',
  capacity: 12,
  features: ['vc', 'display'],
  bookable: true,
  support_url: 'https://panel.demo.local/boardroom',
  version: 3,
  settings: { panel: { sections: [] } },
};
const page = <T>(items: T[]) => ({ items, total: items.length, offset: 0, limit: 20 });

export interface FakeApiLog {
  calls: { verb: string; args: unknown }[];
}

/** A RoomdeckApi with realistic answers, holding tokens the way a real session does. */
export function fakeApi(log: FakeApiLog = { calls: [] }): RoomdeckApi & { readonly tokens: object } {
  const tokens = { accessToken: PLANTED_ACCESS_TOKEN, refreshToken: PLANTED_REFRESH_TOKEN };
  const status: SessionStatus = { state: 'signed-in', reason: null, server: 'http://127.0.0.1:4010' };
  const appConfig: AppConfig = {
    serverUrl: 'http://127.0.0.1:4010',
    embeddedSimulator: true,
    systemId: system.id,
    systemLocked: false,
    kiosk: false,
    poll: { fastMs: 250, fastForMs: 5000, idleMs: 2000 },
    panel: { screensaverAfterS: 120, stillUsingAfterS: 10_800, stillUsingAnswerS: 60 },
    language: { locale: null, languages: [], clock: 'locale', system: ['en-GB'] },
  };
  const detail: SystemDetail = { system, modules: [display], zones: [zone] };
  const opening = {
    detail,
    types: { Display: 1 },
    modules: [
      {
        module: 'Display',
        index: 1,
        count: 1,
        funcs: { power: { arity: 1, params: { state: { type: 'boolean' as const } }, order: ['state'] } },
        state: { power: true, input: 'hdmi1', volume: 40 },
      },
    ],
  };
  // Every verb answered (a new verb fails to compile here), so tests can walk the whole contract.
  const answers: RoomdeckApi = {
    session: {
      status: async () => status,
      boot: async () => ({
        status,
        config: appConfig,
        opening: appConfig.systemId === null ? null : { systemId: appConfig.systemId, room: opening },
      }),
      signIn: async () => ({
        status: { ...status, state: 'signing-in' as const },
        navigateTo:
          'http://127.0.0.1:4010/auth/oauth/authorize?response_type=code&client_id=roomdeck&state=s1',
      }),
      signOut: async () => ({ ...status, state: 'signed-out' as const }),
      cancelSignIn: async () => ({ ...status, state: 'signed-out' as const }),
      reopenSignIn: async () => ({
        status: { ...status, state: 'signing-in' as const },
        navigateTo:
          'http://127.0.0.1:4010/auth/oauth/authorize?response_type=code&client_id=roomdeck&state=s1',
      }),
      capabilities: async () => ({ may: {}, reasons: {}, technician: true }),
      link: async () => ({
        state: 'live' as const,
        since: 0,
        message: 'Connected to the room system.',
        code: null,
      }),
    },
    config: {
      get: async () => appConfig,
      chooseSystem: async (a: { systemId: string | null }) => ({
        ...appConfig,
        systemId: a.systemId,
      }),
    },
    systems: {
      list: async () => page([system]),
      get: async () => detail,
      open: async () => opening,
      create: async () => system,
      update: async () => ({ ...system, version: system.version + 1 }),
      remove: async () => null,
      start: async () => null,
      stop: async () => null,
      exec: async () => ({ result: true }),
      state: async () => ({ power: true, input: 'hdmi1', volume: 40 }),
      funcs: async () => ({
        power: { arity: 1, params: { state: { type: 'boolean' } }, order: ['state'] },
      }),
      count: async () => ({ count: 1 }),
      types: async () => ({ Display: 1 }),
      zones: async () => page([zone]),
    },
    modules: {
      list: async () => page([display]),
      get: async () => display,
      create: async () => display,
      update: async () => display,
      remove: async () => null,
      start: async () => null,
      stop: async () => null,
      ping: async () => ({
        host: '10.0.1.20',
        pingable: true,
        warning: null,
        exception: null,
      }),
      state: async () => ({ power: true }),
      dependencies: async () => page([{ id: 'dep-display', name: 'Display', role: 1, default_port: 4352 }]),
    },
    technician: {
      status: async () => access,
      unlock: async () => ({ outcome: 'wrong' as const, access }),
      signIn: async () => ({ status: access.session, navigateTo: null }),
      deviceSignIn: async () => ({ status: access.session, device: null }),
      cancelSignIn: async () => access,
      touch: async () => access,
      close: async () => access,
    },
    panel: {
      report: async () => null,
    },
    enrolment: {
      status: async () => enrolmentView,
      begin: async () => ({
        view: { ...enrolmentView, enrolling: true },
        status: { ...status, state: 'signed-out' as const },
      }),
      unenrol: async () => ({
        view: enrolmentView,
        status: { ...status, state: 'signed-out' as const },
      }),
    },
    diagnostics: {
      export: async () => ({
        fileName: 'roomdeck-diagnostics-2026-11-24T09-30-00-000Z.json',
        bundle: {
          kind: 'roomdeck-diagnostics' as const,
          format: 1 as const,
          createdAt: '2026-11-24T09:30:00.000Z',
          versions: { roomdeck: '0.1.0' },
          platform: { os: 'linux', release: '6.1', arch: 'x64', host: 'browser-host' as const },
          configuration: { effective: {}, sources: {}, problems: [] },
          session: {},
          link: {},
          pollRoundTrips: {},
          updates: { state: 'not in this host' },
          lastErrors: [],
          log: [],
        },
      }),
    },
    live: {
      watch: async () => ({ mode: 'polling' as const }),
      status: async () => ({ mode: 'polling' as const }),
      debug: async () => null,
      ignore: async () => null,
    },
  };
  const api = contractApi(answers, {
    before: (verb, args) => {
      log.calls.push({ verb, args });
      // Like the real session: the token is used here and never put into an answer.
      if (tokens.accessToken === '') throw new Error('no token');
    },
  });
  return Object.assign(api, { tokens });
}

const access = {
  available: false,
  open: false,
  triesLeft: 5,
  retryInMs: 0,
  idleTimeoutMs: 120_000,
  session: { state: 'signed-out' as const, reason: null, server: 'http://127.0.0.1:4010' },
};
const enrolmentView = { enrolment: null, enrolling: false, supportContact: null };

/** A valid argument for every verb, so tests can walk the whole contract. */
export const sampleArgs: Readonly<Record<string, unknown>> = {
  'session.status': {},
  'session.signIn': {},
  'session.signOut': {},
  'config.get': {},
  'config.chooseSystem': { systemId: 'sys-boardroom' },
  'systems.list': { q: 'board', limit: 10 },
  'systems.get': { id: 'sys-boardroom' },
  'systems.open': { id: 'sys-boardroom' },
  'systems.create': { system: { name: 'Huddle', zones: ['zone-level-3'] } },
  'systems.update': { id: 'sys-boardroom', version: 3, changes: { name: 'Board room' } },
  'systems.remove': { id: 'sys-boardroom' },
  'systems.start': { id: 'sys-boardroom' },
  'systems.stop': { id: 'sys-boardroom' },
  'systems.exec': { id: 'sys-boardroom', module: 'Display', index: 1, method: 'power', args: [true] },
  'systems.state': { id: 'sys-boardroom', module: 'Display' },
  'systems.funcs': { id: 'sys-boardroom', module: 'Display' },
  'systems.count': { id: 'sys-boardroom', module: 'Display' },
  'systems.types': { id: 'sys-boardroom' },
  'systems.zones': {},
  'modules.list': { systemId: 'sys-boardroom' },
  'modules.get': { id: 'mod-display-1' },
  'modules.create': { module: { dependency_id: 'dep-display', ip: '10.0.1.21' } },
  'modules.update': { id: 'mod-display-1', changes: { notes: 'wall left' } },
  'modules.remove': { id: 'mod-display-1' },
  'modules.start': { id: 'mod-display-1' },
  'modules.stop': { id: 'mod-display-1' },
  'modules.ping': { id: 'mod-display-1' },
  'modules.state': { id: 'mod-display-1' },
  'modules.dependencies': {},
  'technician.status': {},
  'technician.unlock': { pin: '1234' },
  'technician.signIn': {},
  'technician.deviceSignIn': {},
  'technician.touch': {},
  'technician.close': {},
  'panel.report': { systemId: 'sys-boardroom', page: 'sources', roomOn: true, meetingUnderway: false },
  'enrolment.status': {},
  'enrolment.begin': {},
  'enrolment.unenrol': {},
  'diagnostics.export': {},
  'live.watch': { watcher: 'page-0001', id: 'sys-R00M1', targets: [{ module: 'Display', index: 1 }] },
  'live.status': {},
  'live.debug': { watcher: 'page-0001', id: 'sys-R00M1', module: 'Display', index: 1 },
  'live.ignore': { watcher: 'page-0001', id: 'sys-R00M1', module: 'Display', index: 1 },
};
