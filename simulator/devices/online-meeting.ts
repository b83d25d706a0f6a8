import { InvalidArgumentsError } from './driver.ts';

/*
 * A meeting's join details, as a calendar carries them for a Teams, Zoom or Webex meeting: the
 * link people click, and the SIP address a room's codec dials to join it (the service's video
 * gateway). A meeting without them is held in the room only.
 */

export const PROVIDERS = ['teams', 'zoom', 'webex'] as const;
export type Provider = (typeof PROVIDERS)[number];

export interface OnlineMeeting {
  provider: Provider;
  url: string;
  sip: string;
}

/** What a codec can dial: a SIP address (user@host) of the characters a dial string takes. */
const SIP = /^[A-Za-z0-9._+-]+@[A-Za-z0-9.-]+$/;

/** Why the value is not join details, or null when it is. */
function problem(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return 'must be null or an object {provider, url, sip}';
  const { provider, url, sip } = raw as Record<string, unknown>;
  const extra = Object.keys(raw).filter((k) => !['provider', 'url', 'sip'].includes(k));
  if (extra.length > 0) return `has no field ${JSON.stringify(extra[0])} (only provider, url, sip)`;
  if (typeof provider !== 'string' || !(PROVIDERS as readonly string[]).includes(provider))
    return `provider must be one of "teams", "zoom", "webex", got ${JSON.stringify(provider)}`;
  if (typeof url !== 'string' || !/^https:\/\/[^\s]+$/.test(url) || url.length > 500)
    return 'url must be an https link of at most 500 characters';
  if (typeof sip !== 'string' || !SIP.test(sip) || sip.length > 255)
    return `sip must be a SIP address like 123456789@zoomcrc.com, got ${JSON.stringify(sip)}`;
  return null;
}

/** Join details from a method's argument: null, or an error that says what is wrong. */
export function checkOnlineMeeting(method: string, param: string, raw: unknown): OnlineMeeting | null {
  if (raw === null) return null;
  const why = problem(raw);
  if (why) throw new InvalidArgumentsError(`${method}: ${param} ${why}`);
  const { provider, url, sip } = raw as OnlineMeeting;
  return { provider, url, sip };
}

/** Join details from settings or stored state, where anything unreadable means none. */
export function readOnlineMeeting(raw: unknown): OnlineMeeting | null {
  if (raw === null || raw === undefined || problem(raw) !== null) return null;
  const { provider, url, sip } = raw as OnlineMeeting;
  return { provider, url, sip };
}
