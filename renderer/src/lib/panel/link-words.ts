import { toBridgeError } from '../bridge.ts';

/*
 * What the panel says when the link to the room system is not well, in a person's words. The
 * codes come from the main process's typed errors; every controls goes stale meanwhile, and the
 * panel comes back by itself.
 */

const BACK = 'The controls come back by themselves.';

export function linkWords(error: unknown): string {
  const { code } = toBridgeError(error);
  switch (code) {
    case 'ROOMDECK_OFFLINE':
    case 'ROOMDECK_BRIDGE_UNREACHABLE':
      return `The room system is not answering. ${BACK}`;
    case 'ROOMDECK_TIMEOUT':
      return `The room system is not answering in time. ${BACK}`;
    case 'ROOMDECK_SERVER_ERROR':
    case 'ROOMDECK_BAD_RESPONSE':
      return `The room system is having trouble (it answers with errors). ${BACK}`;
    case 'ROOMDECK_CREDENTIALS_REFUSED':
      return 'The room system refused this panel’s credentials. The panel keeps trying; if this lasts, call AV support.';
    default:
      return toBridgeError(error).message;
  }
}
