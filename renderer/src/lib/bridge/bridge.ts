import {
  BridgeError,
  defaultMessage,
  type ErrorCode,
  type BridgeErrorBody,
  isErrorCode,
  PAGE_KEY_HEADER,
  PAGE_KEY_META,
  PAGE_KEY_STORAGE,
  type RoomdeckApi,
  verbNames,
} from '#contract';
import type { MessageKey, MessageValues } from '#locales';
import { BAD_RESPONSE, TIMEOUT, UNEXPECTED, UNREACHABLE } from './error-codes.ts';

/*
 * The renderer's only way out. Two transports behind one type: Electron's preload exposes
 * `window.roomdeck` (IPC); the browser host answers `POST /bridge/{domain}/{verb}`. Both are wrapped
 * so every call has a deadline and every failure is a BridgeError with a stable code.
 */

export { BridgeError };

/** The page's words (i18n's `t`): throws while no language has loaded. */
export type PageWords = (key: MessageKey, values?: MessageValues) => string;

// Set by the i18n module when it loads. This module does not import it: main.ts sends the page's
// first call with no more code than this bridge, so the host starts on it while the rest arrives.
let pageWords: PageWords | undefined;

/** Makes the bridge's own failures speak the page's language (called once, by i18n.svelte.ts). */
export function wordBridgeFailures(words: PageWords): void {
  pageWords = words;
}

/**
 * A bridge failure's words in the page's language. The page's first call (`session.boot`) is
 * asked before any catalogue has loaded, so its failure may be worded before there is a language:
 * it then carries its code's plain default, and whoever shows it words it by its code
 * (i18n/error-words.ts) once the language is in. A failure never becomes a second failure
 * because of its words.
 */
function words(code: ErrorCode, key: MessageKey, values?: MessageValues): string {
  try {
    if (pageWords) return pageWords(key, values);
  } catch {
    // No language yet: the code's plain default below.
  }
  return defaultMessage(code);
}

export { BAD_RESPONSE, TIMEOUT, UNEXPECTED, UNREACHABLE };

type Call = (args: unknown) => Promise<unknown>;
type LooseApi = Record<string, Record<string, Call | undefined> | undefined>;

export interface BridgeOptions {
  /** The preload's API when running in Electron; absent in a browser. */
  ipc?: RoomdeckApi | undefined;
  fetch?: typeof fetch;
  /** Where the browser host serves the bridge (the page's own origin by default). */
  baseUrl?: string;
  /**
   * The browser host's page key for this tab (`pageKeyOf`), sent with every HTTP call beside the
   * cookie: the host refuses either one alone. Null when the tab has none (the host then says how
   * to connect it).
   */
  pageKey?: string | null;
  /** Deadline per call. State reads are short so link loss shows within seconds. */
  timeoutMs?: (domain: string, verb: string) => number;
  /** Called once per failing call whose code ends the session (expired, revoked, signed out). */
  onSessionEnded?: (error: BridgeError) => void;
}

/**
 * A press is answered by the main process, in its words: told within 4.5 s of the touch when the
 * service is frozen (it doubts an unanswered command at 3 s and probes the link,
 * core/api/exec-deadline.ts), or left to finish while a live service works on it (at most 25 s).
 * The page's own deadline only guards against a main process or host that does not answer at all,
 * so it is longer than that: a page that gave up first would call a press failed that the main
 * process is still carrying out, and the person would then see it happen. State polls fail fast so
 * the panel can say the room is unreachable; everything else is an ordinary request.
 */
export const EXEC_DEADLINE_MS = 30_000;

export function defaultTimeoutMs(domain: string, verb: string): number {
  if (domain === 'systems' && verb === 'exec') return EXEC_DEADLINE_MS;
  if (verb === 'state') return 4_000;
  if (domain === 'session' && verb === 'signIn') return 30_000;
  return 10_000;
}

export function toBridgeError(error: unknown): BridgeError {
  if (error instanceof BridgeError) return error;
  if (typeof error === 'object' && error !== null) {
    const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
    // Only our own codes: a foreign one (a Node `ECONNRESET`) is a fault here, said as one below.
    if (isErrorCode(code)) {
      return new BridgeError({
        code,
        // Electron prefixes rejections from ipcMain handlers; people need only the handler's words.
        message: typeof message === 'string' ? cleanIpcMessage(message) : code,
        ...(isRecord(details) ? { details } : {}),
      });
    }
  }
  // A failure without a code is a fault in this app, not the network: never report it as link loss.
  const message = error instanceof Error ? error.message : String(error);
  return new BridgeError({
    code: UNEXPECTED,
    message: words(UNEXPECTED, 'app.bridge.unexpected', { detail: message }),
  });
}

function cleanIpcMessage(message: string): string {
  return message.replace(/^Error invoking remote method '[^']*': (?:\w*Error: )?/, '');
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function isErrorBody(v: unknown): v is BridgeErrorBody {
  return isRecord(v) && isErrorCode(v.code) && typeof v.message === 'string';
}

/**
 * What a person reads when Roomdeck's own main process did not answer in time. Never the verb's
 * internal name: "systems.exec took longer than 20 s" tells nobody what happened or what to do.
 */
export function deadlineMessage(domain: string, verb: string, ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (domain === 'systems' && verb === 'exec') return words(TIMEOUT, 'app.bridge.execNoAnswer', { seconds });
  return words(TIMEOUT, 'app.bridge.noAnswer', { seconds });
}

/** `words` are made when the deadline passes: every call has a deadline, few ever meet it. */
function withDeadline<T>(
  work: Promise<T>,
  ms: number,
  words: () => string,
  onTimeout?: () => void,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new BridgeError({ code: TIMEOUT, message: words() }));
    }, ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

function httpCall(options: BridgeOptions, domain: string, verb: string): Call {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const url = `${options.baseUrl ?? ''}/bridge/${domain}/${verb}`;
  const ms = (options.timeoutMs ?? defaultTimeoutMs)(domain, verb);
  return async (args) => {
    const abort = new AbortController();
    const request = (async () => {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          // JSON bodies are not "simple" requests: another origin cannot send one without CORS.
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(options.pageKey ? { [PAGE_KEY_HEADER]: options.pageKey } : {}),
          },
          body: JSON.stringify(args ?? {}),
          credentials: 'same-origin',
          signal: abort.signal,
        });
      } catch (error) {
        if (abort.signal.aborted)
          throw new BridgeError({ code: TIMEOUT, message: deadlineMessage(domain, verb, ms) });
        const why = error instanceof Error ? error.message : String(error);
        throw new BridgeError({
          code: UNREACHABLE,
          message: words(UNREACHABLE, 'app.bridge.unreachable', { detail: why }),
        });
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new BridgeError({
          code: response.status >= 500 ? UNREACHABLE : BAD_RESPONSE,
          // The HTTP status is a code, not a quantity: passed as text, never formatted as a number.
          message: words(response.status >= 500 ? UNREACHABLE : BAD_RESPONSE, 'app.bridge.unreadable', {
            status: String(response.status),
          }),
        });
      }
      if (isRecord(body) && body.ok === true) return body.value;
      if (isRecord(body) && body.ok === false && isErrorBody(body.error)) throw new BridgeError(body.error);
      throw new BridgeError({
        code: BAD_RESPONSE,
        message: words(BAD_RESPONSE, 'app.bridge.unexpectedAnswer', { status: String(response.status) }),
      });
    })();
    return withDeadline(
      request,
      ms,
      () => deadlineMessage(domain, verb, ms),
      () => abort.abort(),
    );
  };
}

function ipcCall(options: BridgeOptions, ipc: RoomdeckApi, domain: string, verb: string): Call {
  const ms = (options.timeoutMs ?? defaultTimeoutMs)(domain, verb);
  const fn = (ipc as unknown as LooseApi)[domain]?.[verb];
  return async (args) => {
    if (!fn)
      throw new BridgeError({
        code: UNREACHABLE,
        message: words(UNREACHABLE, 'app.bridge.unavailable'),
      });
    return withDeadline(Promise.resolve(fn(args)), ms, () => deadlineMessage(domain, verb, ms));
  };
}

/** Builds the typed API from the verb names: the same shape whichever transport carries it. */
export function createBridge(options: BridgeOptions = {}): RoomdeckApi {
  const api: Record<string, Record<string, Call>> = {};
  for (const [domain, verbs] of Object.entries(verbNames)) {
    const calls: Record<string, Call> = {};
    for (const verb of verbs) {
      const raw = options.ipc ? ipcCall(options, options.ipc, domain, verb) : httpCall(options, domain, verb);
      calls[verb] = async (args) => {
        try {
          return await raw(args);
        } catch (error) {
          const failure = toBridgeError(error);
          if (failure.endsSession) options.onSessionEnded?.(failure);
          throw failure;
        }
      };
    }
    api[domain] = calls;
  }
  return api as unknown as RoomdeckApi;
}

/**
 * The key adoptPageKey settled on for this page load: with site data blocked, sessionStorage keeps
 * nothing, and the page's later readers (the technician tools' live events) ask for it here.
 */
let adoptedKey: string | null = null;

/**
 * The browser host's page key for this tab: the one this load adopted (adoptPageKey), as kept in
 * sessionStorage (contract/page-key.ts) or, with storage blocked, as adopted. Null when there is none.
 */
export function pageKeyOf(storage: () => Pick<Storage, 'getItem'> | undefined): string | null {
  return storedPageKey(storage) ?? adoptedKey;
}

/** The key an earlier load of the tab kept in sessionStorage; null when none, or storage is blocked. */
function storedPageKey(storage: () => Pick<Storage, 'getItem'> | undefined): string | null {
  try {
    return storage()?.getItem(PAGE_KEY_STORAGE) ?? null;
  } catch {
    return null;
  }
}

/** What adoptPageKey reads and changes: the page's document, its history and its sessionStorage. */
export interface LaunchedPage {
  document: Pick<Document, 'querySelector'>;
  history: Pick<History, 'replaceState' | 'state'>;
  location: Pick<Location, 'pathname' | 'hash'>;
  storage: () => Pick<Storage, 'getItem' | 'setItem'> | undefined;
}

/**
 * The key the page was served with (the printed address's page carries it in a `<meta>`), read
 * without touching the tab's storage or history: the page's first call need not wait for them
 * (sessionStorage's first use in a new tab, and the address's rewrite, took about 7 ms of a cold
 * start before the call went out). adoptPageKey keeps it and tidies the address afterwards.
 */
export function servedPageKey(document: Pick<Document, 'querySelector'>): string | null {
  return pageKeyMeta(document)?.content ?? null;
}

/** The `<meta>` the host puts the page key in (host/launch-page.ts), while the page still has it. */
const pageKeyMeta = (document: Pick<Document, 'querySelector'>) =>
  document.querySelector<HTMLMetaElement>(`meta[name="${PAGE_KEY_META}"]`);

/**
 * This tab's page key. A page served for the printed address (`/?launch=TOKEN`) carries it in a
 * `<meta>` (host/launch-page.ts): it is kept in sessionStorage for the tab's reloads, the element
 * goes, and the address becomes the page's own without the token, in the address bar and the
 * history entry alike. Otherwise it is the key an earlier load kept. With site data blocked the key
 * still serves this load; a reload then asks for the printed address again (the host says so).
 */
export function adoptPageKey(page: LaunchedPage): string | null {
  const meta = pageKeyMeta(page.document);
  if (meta === null) {
    adoptedKey = storedPageKey(page.storage);
    return adoptedKey;
  }
  const key = meta.content;
  adoptedKey = key;
  meta.remove();
  page.history.replaceState(page.history.state, '', `${page.location.pathname}${page.location.hash}`);
  try {
    page.storage()?.setItem(PAGE_KEY_STORAGE, key);
  } catch {
    // Site data blocked: this load has its key all the same.
  }
  return key;
}

/**
 * The preload's API if this page runs inside Electron: `window.roomdeck`, or for a route (the kiosk
 * technician's) `window.roomdeckTechnician`.
 */
export function findIpc(route?: string): RoomdeckApi | undefined {
  const name = route === undefined ? 'roomdeck' : `roomdeck${route[0]?.toUpperCase()}${route.slice(1)}`;
  const candidate = (globalThis as Record<string, unknown>)[name];
  return isRecord(candidate) ? (candidate as unknown as RoomdeckApi) : undefined;
}

export const isLinkLoss = (error: unknown): boolean => toBridgeError(error).isLinkLoss;

export const messageOf = (error: unknown): string => toBridgeError(error).message;
