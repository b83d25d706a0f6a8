/**
 * The verb names alone, without their schemas, for the two places that must stay small: the
 * sandboxed preload and the renderer's HTTP client. A test checks it against `contract`.
 */
export const verbNames = {
  session: ['status', 'boot', 'signIn', 'signOut', 'cancelSignIn', 'reopenSignIn', 'capabilities', 'link'],
  config: ['get', 'chooseSystem'],
  systems: [
    'list',
    'get',
    'open',
    'create',
    'update',
    'remove',
    'start',
    'stop',
    'exec',
    'state',
    'funcs',
    'count',
    'types',
    'zones',
  ],
  modules: ['list', 'get', 'create', 'update', 'remove', 'start', 'stop', 'ping', 'state', 'dependencies'],
  technician: ['status', 'unlock', 'signIn', 'deviceSignIn', 'cancelSignIn', 'touch', 'close'],
  panel: ['report'],
  enrolment: ['status', 'begin', 'unenrol'],
  diagnostics: ['export'],
  live: ['watch', 'status', 'debug', 'ignore'],
} as const;

/**
 * Where the technician's calls go on a kiosk (the same verbs, answered with the technician's own
 * session): IPC channels `technician/domain:verb`, the preload's `window.roomdeckTechnician`, and
 * the browser host's `/technician/bridge/domain/verb`.
 */
export const TECHNICIAN_ROUTE = 'technician';
