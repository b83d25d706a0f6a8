import { describe, expect, it } from 'vitest';
import { createLaunchToken, isForeignRequest, launchUrl } from '../../host/launch.ts';

describe('the launch token', () => {
  it('is 256 random bits, new for every token', () => {
    const a = createLaunchToken();
    const b = createLaunchToken();
    expect(a.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.value).not.toBe(b.value);
  });

  it('matches only itself, and nothing that is not a string', () => {
    const token = createLaunchToken(() => Buffer.alloc(32, 7));
    expect(token.matches(token.value)).toBe(true);
    expect(token.matches(`${token.value}x`)).toBe(false);
    expect(token.matches(token.value.slice(1))).toBe(false);
    expect(token.matches('')).toBe(false);
    for (const other of [null, undefined, 42, [token.value]]) expect(token.matches(other)).toBe(false);
  });

  it('goes into the printed address as the launch parameter of the page', () => {
    const token = createLaunchToken(() => Buffer.alloc(32, 1));
    expect(launchUrl('http://127.0.0.1:5173', token)).toBe(`http://127.0.0.1:5173/?launch=${token.value}`);
  });
});

describe('a request from another site (Sec-Fetch-Site)', () => {
  it('is a navigation or fetch the browser says another site started', () => {
    expect(isForeignRequest('cross-site')).toBe(true);
    // For a loopback address every other local port is the "same site".
    expect(isForeignRequest('same-site')).toBe(true);
  });

  it('is not a typed or pasted address, our own page, or a client that sends no fetch metadata', () => {
    expect(isForeignRequest('none')).toBe(false);
    expect(isForeignRequest('same-origin')).toBe(false);
    expect(isForeignRequest(undefined)).toBe(false);
  });
});
