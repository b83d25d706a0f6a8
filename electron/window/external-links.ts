/**
 * What the page may send to the system browser (outside kiosk; navigation.ts hands every link
 * that leaves the app to `openExternal`). A page that misbehaves — injected markup, a compromised
 * service answer rendered somewhere — must not be able to open any address it likes on the
 * person's computer, nor do it unprompted. So: only the control service's own pages and this
 * room's support page, and only right after the person touched, clicked or typed in the window.
 */

/** Chromium keeps a user activation for about this long; a link opened later was not the person's doing. */
export const GESTURE_WINDOW_MS = 5_000;

/** Input that counts as the person acting (Electron's `input-event` types); hovering and scrolling do not. */
const GESTURE_INPUTS: ReadonlySet<string> = new Set([
  'mouseDown',
  'mouseUp',
  'keyDown',
  'rawKeyDown',
  'char',
  'touchStart',
  'touchEnd',
  'gestureTap',
  'gestureTapDown',
  'pointerDown',
  'pointerUp',
]);

/** The last time the person acted in the window, from Electron's `input-event`. */
export class UserGestures {
  #at: number | null = null;
  constructor(private readonly now: () => number) {}

  /** Feed every `input-event` type here. */
  record(inputType: string): void {
    if (GESTURE_INPUTS.has(inputType)) this.#at = this.now();
  }

  /** True when the person acted within the last `GESTURE_WINDOW_MS`. */
  recent(): boolean {
    return this.#at !== null && this.now() - this.#at <= GESTURE_WINDOW_MS;
  }
}

export interface ExternalLinkRules {
  /** The control service's URL (its origin is allowed). */
  serviceUrl: string;
  /** This room's support page (the system's `support_url`), or null when none is known. */
  supportUrl: string | null;
  /** Whether the person just acted in the window. */
  userGesture: boolean;
}

export type ExternalLinkVerdict = { allowed: true } | { allowed: false; reason: string };

const originOf = (url: string): string | null => URL.parse(url)?.origin ?? null;
const withoutFragment = (url: URL): string => url.href.replace(/#.*$/, '');

/** The decision, pure: each refusal says why in words a person (or a log reader) understands. */
export function judgeExternalLink(url: string, rules: ExternalLinkRules): ExternalLinkVerdict {
  const target = URL.parse(url);
  if (target === null || (target.protocol !== 'https:' && target.protocol !== 'http:')) {
    return { allowed: false, reason: 'Roomdeck opens only web pages outside the app.' };
  }
  if (!rules.userGesture) {
    return {
      allowed: false,
      reason: 'Roomdeck opens a page outside the app only when you tap or click a link to it.',
    };
  }
  if (target.origin === originOf(rules.serviceUrl)) return { allowed: true };
  const support = rules.supportUrl === null ? null : URL.parse(rules.supportUrl);
  if (support !== null && withoutFragment(support) === withoutFragment(target)) return { allowed: true };
  return {
    allowed: false,
    reason: `Roomdeck opens only the control service's pages and this room's support page outside the app, and ${target.host} is neither.`,
  };
}

/** Refused by `guardExternalLinks`; the message is the verdict's reason. */
export class ExternalLinkRefused extends Error {
  override name = 'ExternalLinkRefused';
}

export interface ExternalLinkGuardOptions {
  /** Electron's shell.openExternal. */
  open: (url: string) => Promise<void>;
  serviceUrl: string;
  /** This room's support page, looked up when a link is opened (the room may have changed). */
  supportUrl: () => Promise<string | null>;
  gestures: UserGestures;
}

/** `openExternal` behind the rules: opens what they allow, rejects with ExternalLinkRefused otherwise. */
export function guardExternalLinks(options: ExternalLinkGuardOptions): (url: string) => Promise<void> {
  return async (url) => {
    // The gesture is read before anything is awaited: a slow lookup must not let it expire.
    const userGesture = options.gestures.recent();
    const rules = { serviceUrl: options.serviceUrl, supportUrl: null, userGesture };
    let verdict = judgeExternalLink(url, rules);
    // The room's support page is asked for only when the service's own origin did not settle it.
    if (!verdict.allowed && userGesture && URL.canParse(url)) {
      const supportUrl = await options.supportUrl().catch(() => null);
      verdict = judgeExternalLink(url, { ...rules, supportUrl });
    }
    if (!verdict.allowed) throw new ExternalLinkRefused(verdict.reason);
    await options.open(url);
  };
}
