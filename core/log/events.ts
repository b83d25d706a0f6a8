import type { RefreshOutcome, Session } from '../auth/session.ts';
import type { LinkHealth } from '../link/health.ts';
import type { Log } from './log.ts';

/**
 * What the main process tells the log as it happens, so a technician can read yesterday: sign-in
 * outcomes and ends of sessions, refresh outcomes, the link to the service lost and back. Only
 * states, codes and the service's origin are written; never anything from the vault.
 */

/** `prefix`: whose session it is when there are two ("technician " for the kiosk technician's). */
export function logSession(session: Session, log: Log, prefix = ''): () => void {
  let previous = session.status().state;
  const info = (event: string, fields: Record<string, unknown>) => log.info(prefix + event, fields);
  const warn = (event: string, fields: Record<string, unknown>) => log.warn(prefix + event, fields);
  return session.onChange((status) => {
    const was = previous;
    previous = status.state;
    if (status.state === was) return;
    if (status.state === 'signed-in') {
      info(was === 'signing-in' ? 'sign-in succeeded' : 'session restored', { server: status.server });
    } else if (status.state === 'signing-in') {
      // A managed account whose session the service ended signs in again at once, by itself.
      if (was === 'signed-in' && status.reason !== null) {
        warn('session ended', {
          server: status.server,
          code: status.reason.code,
          reason: status.reason.message,
        });
      }
      info('sign-in started', { server: status.server });
    } else if (status.reason === null) {
      info(was === 'signing-in' ? 'sign-in abandoned' : 'signed out', { server: status.server });
    } else {
      const event = was === 'signing-in' ? 'sign-in failed' : 'session ended';
      warn(event, { server: status.server, code: status.reason.code, reason: status.reason.message });
    }
  });
}

export function refreshLogger(log: Log): (outcome: RefreshOutcome) => void {
  return (outcome) => {
    if (outcome.ok) log.info('token refreshed');
    else if (outcome.endsSession) log.warn('token refresh refused: session ends', { code: outcome.code });
    else
      log.warn('token refresh failed: kept, retrying', { code: outcome.code, retryInMs: outcome.retryInMs });
  };
}

export function logLink(link: LinkHealth, log: Log): () => void {
  return link.onChange((view) => {
    if (view.state === 'live') log.info('link recovered', { state: view.state });
    else log.warn('link lost', { state: view.state, code: view.code, message: view.message });
  });
}
