import { CONTENT_SECURITY_POLICY } from '../../core/csp.ts';

/** The parts of Electron's Session the permission lock needs (a fake in tests). */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string) => boolean): void;
  setDevicePermissionHandler(handler: (details: unknown) => boolean): void;
}

/**
 * A room panel needs no camera, microphone, location, notifications, USB or serial port: every
 * request and every check is answered "no", so nothing is ever prompted or silently granted.
 */
export function denyAllPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

export type ResponseHeaders = Record<string, string | string[]>;

/** The parts of Electron's Session the CSP needs (a fake in tests). */
export interface CspSession {
  webRequest: {
    onHeadersReceived(
      listener: (
        details: { responseHeaders?: Record<string, string[]> },
        callback: (response: { responseHeaders?: ResponseHeaders }) => void,
      ) => void,
    ): void;
  };
}

/**
 * Every response the window loads over http(s) (the dev server) carries the strict CSP, replacing
 * whatever the server sent. file:// pages get no headers: there the page's own meta tag applies.
 */
export function applyCsp(session: CspSession): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers: ResponseHeaders = {};
    for (const [name, value] of Object.entries(details.responseHeaders ?? {})) {
      if (name.toLowerCase() !== 'content-security-policy') headers[name] = value;
    }
    headers['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
    callback({ responseHeaders: headers });
  });
}
