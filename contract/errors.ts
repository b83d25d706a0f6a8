import { codesOfKind, ErrorCode, kindOf } from './error-codes.ts';

/**
 * What crosses the bridge when a verb fails: a stable code the UI can branch on and a message a
 * person can act on. Never a stack, never a token.
 */
export interface BridgeErrorBody {
  code: ErrorCode;
  message: string;
  /** Extra facts the UI may show: validation failures, the current version on a conflict. */
  details?: Record<string, unknown>;
}

export type BridgeResponse<T> = { ok: true; value: T } | { ok: false; error: BridgeErrorBody };

/** Codes the renderer reacts to beyond showing the message: the sign-in is missing or over. */
export const SESSION_CODES = codesOfKind('session');
/**
 * The link to the service as a whole is not well: unreachable, not answering, answering with errors
 * or garbage (a proxy's error page), or refusing the panel's credentials. Every control goes stale.
 */
export const LINK_CODES = codesOfKind('link');

/** The error a bridge client (IPC or HTTP) throws in the renderer. */
export class BridgeError extends Error {
  override name = 'BridgeError';
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;
  constructor(body: BridgeErrorBody) {
    super(body.message);
    this.code = body.code;
    this.details = body.details;
  }
  get endsSession(): boolean {
    return kindOf(this.code) === 'session';
  }
  get isLinkLoss(): boolean {
    return kindOf(this.code) === 'link';
  }
}

/** The link to the service as the panel tells it: one vocabulary for the main process and the panel. */
export type LinkState = 'live' | 'degraded' | 'unreachable' | 'refused';

/** Which state a failure puts the link in; null: the service answered (the link is fine). */
export function linkStateOf(code: ErrorCode): Exclude<LinkState, 'live'> | null {
  switch (code) {
    case ErrorCode.ROOMDECK_OFFLINE:
    case ErrorCode.ROOMDECK_TIMEOUT:
    case ErrorCode.ROOMDECK_EXEC_UNANSWERED:
    case ErrorCode.ROOMDECK_BRIDGE_UNREACHABLE:
      return 'unreachable';
    case ErrorCode.ROOMDECK_SERVER_ERROR:
    case ErrorCode.ROOMDECK_BAD_RESPONSE:
      return 'degraded';
    case ErrorCode.ROOMDECK_CREDENTIALS_REFUSED:
      return 'refused';
    default:
      return null;
  }
}

const BACK = 'The controls come back by themselves.';

/**
 * The link states in English, for the main process's log and LinkView.message only. What a person
 * reads comes from the catalogue by state (`room.link.*`, renderer/src/lib/words/link-words.ts).
 */
export const LINK_LOG_WORDS_EN: Readonly<Record<LinkState, string>> = {
  live: 'Connected to the room system.',
  unreachable: `The room system is not answering. ${BACK}`,
  degraded: `The room system is having trouble (it answers with errors). ${BACK}`,
  refused:
    'The room system refused this panel’s credentials. The panel keeps trying; if this lasts, call AV support.',
};
