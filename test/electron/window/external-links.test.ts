import { describe, expect, it } from 'vitest';
import {
  ExternalLinkRefused,
  GESTURE_WINDOW_MS,
  guardExternalLinks,
  judgeExternalLink,
  UserGestures,
} from '../../../electron/window/external-links.ts';

const SERVICE = 'https://control.example.org';
const SUPPORT = 'https://help.example.org/rooms/boardroom';
const rules = { serviceUrl: SERVICE, supportUrl: SUPPORT, userGesture: true };

describe('which links leave the app for the system browser', () => {
  it('the control service’s own pages and the room’s support page', () => {
    for (const url of [`${SERVICE}/`, `${SERVICE}/backoffice/systems/sys-1`, SUPPORT, `${SUPPORT}#wifi`]) {
      expect(judgeExternalLink(url, rules), url).toEqual({ allowed: true });
    }
  });

  it('nothing else, with the reason naming the host', () => {
    for (const url of [
      'https://evil.example/',
      'https://help.example.org/rooms/other',
      'https://control.example.org.evil.example/',
      'http://control.example.org/', // another origin: the scheme differs
    ]) {
      const verdict = judgeExternalLink(url, rules);
      expect(verdict.allowed, url).toBe(false);
      if (!verdict.allowed) expect(verdict.reason).toContain(new URL(url).host);
    }
  });

  it('no support page when the room has none', () => {
    expect(judgeExternalLink(SUPPORT, { ...rules, supportUrl: null }).allowed).toBe(false);
  });

  it('never anything but a web page', () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://server/share', 'not a url']) {
      expect(judgeExternalLink(url, rules)).toEqual({
        allowed: false,
        reason: 'Roomdeck opens only web pages outside the app.',
      });
    }
  });

  it('never without the person having just acted, even for the service’s own page', () => {
    const verdict = judgeExternalLink(`${SERVICE}/`, { ...rules, userGesture: false });
    expect(verdict).toEqual({
      allowed: false,
      reason: 'Roomdeck opens a page outside the app only when you tap or click a link to it.',
    });
  });
});

describe('user gestures', () => {
  it('count taps, clicks and keys for a few seconds; hovering and scrolling do not count', () => {
    let now = 1_000;
    const gestures = new UserGestures(() => now);
    expect(gestures.recent()).toBe(false);
    gestures.record('mouseMove');
    gestures.record('mouseWheel');
    expect(gestures.recent()).toBe(false);
    gestures.record('touchEnd');
    expect(gestures.recent()).toBe(true);
    now += GESTURE_WINDOW_MS;
    expect(gestures.recent()).toBe(true);
    now += 1;
    expect(gestures.recent()).toBe(false);
    gestures.record('keyDown');
    expect(gestures.recent()).toBe(true);
  });
});

describe('the guarded openExternal', () => {
  function setup(gesture: boolean, supportUrl: string | null = SUPPORT) {
    const opened: string[] = [];
    let lookups = 0;
    const gestures = new UserGestures(() => 0);
    if (gesture) gestures.record('mouseUp');
    const open = guardExternalLinks({
      open: async (url) => {
        opened.push(url);
      },
      serviceUrl: SERVICE,
      supportUrl: async () => {
        lookups++;
        return supportUrl;
      },
      gestures,
    });
    return { open, opened, lookups: () => lookups };
  }

  it('opens what the rules allow, asking for the support page only when needed', async () => {
    const { open, opened, lookups } = setup(true);
    await open(`${SERVICE}/`);
    expect(lookups()).toBe(0);
    await open(SUPPORT);
    expect(lookups()).toBe(1);
    expect(opened).toEqual([`${SERVICE}/`, SUPPORT]);
  });

  it('refuses the rest with a clear error and opens nothing', async () => {
    const { open, opened } = setup(true);
    await expect(open('https://evil.example/x')).rejects.toThrow(ExternalLinkRefused);
    await expect(open('https://evil.example/x')).rejects.toThrow(/evil\.example is neither/);
    const idle = setup(false);
    await expect(idle.open(`${SERVICE}/`)).rejects.toThrow(/only when you tap or click/);
    expect(idle.lookups()).toBe(0);
    expect([...opened, ...idle.opened]).toEqual([]);
  });

  it('treats a support page it cannot look up as none', async () => {
    const gestures = new UserGestures(() => 0);
    gestures.record('gestureTap');
    const open = guardExternalLinks({
      open: async () => undefined,
      serviceUrl: SERVICE,
      supportUrl: async () => {
        throw new Error('offline');
      },
      gestures,
    });
    await expect(open(SUPPORT)).rejects.toThrow(ExternalLinkRefused);
  });
});
