/**
 * What crosses the bridge when a verb fails: a stable code the UI can branch on and a message a
 * person can act on. Never a stack, never a token.
 */
export interface BridgeErrorBody {
  code: string;
  message: string;
  /** Extra facts the UI may show: validation failures, the current version on a conflict. */
  details?: Record<string, unknown>;
}

export type BridgeResponse<T> = { ok: true; value: T } | { ok: false; error: BridgeErrorBody };

/** Codes the renderer reacts to beyond showing the message. */
export const SESSION_CODES = ['ROOMDECK_AUTH_REQUIRED', 'ROOMDECK_SESSION_ENDED'] as const;
/**
 * The link to the service as a whole is not well: unreachable, not answering, answering with errors
 * or garbage (a proxy's error page), or refusing the panel's credentials. Every control goes stale.
 */
export const LINK_CODES = [
  'ROOMDECK_OFFLINE',
  'ROOMDECK_TIMEOUT',
  'ROOMDECK_BRIDGE_UNREACHABLE',
  'ROOMDECK_SERVER_ERROR',
  'ROOMDECK_BAD_RESPONSE',
  'ROOMDECK_CREDENTIALS_REFUSED',
] as const;

/** The error a bridge client (IPC or HTTP) throws in the renderer. */
export class BridgeError extends Error {
  override name = 'BridgeError';
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  constructor(body: BridgeErrorBody) {
    super(body.message);
    this.code = body.code;
    this.details = body.details;
  }
  get endsSession(): boolean {
    return (SESSION_CODES as readonly string[]).includes(this.code);
  }
  get isLinkLoss(): boolean {
    return (LINK_CODES as readonly string[]).includes(this.code);
  }
}
