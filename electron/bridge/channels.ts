/**
 * The verb names alone, without their schemas, for the two places that must stay small: the
 * sandboxed preload and the renderer's HTTP client. A test checks it against `contract`.
 */
export const verbNames = {
  session: ['status', 'signIn', 'signOut', 'capabilities', 'link'],
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
} as const;
