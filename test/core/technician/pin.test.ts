import { describe, expect, it } from 'vitest';
import { hashPin, isPinHash, type PinHash, parsePinHash, verifyPin } from '../../../core/technician/pin.ts';

/** Cheap cost for the many cases; one test uses the real default. */
const CHEAP = { N: 1024, r: 8, p: 1 };

async function stored(pin: string): Promise<PinHash> {
  const parsed = parsePinHash(await hashPin(pin, CHEAP));
  if (!isPinHash(parsed)) throw new Error(parsed.error);
  return parsed;
}

describe('the technician PIN hash', () => {
  it('verifies the PIN it was made from and nothing else', async () => {
    const hash = await stored('482913');
    expect(await verifyPin('482913', hash)).toBe(true);
    for (const wrong of ['482914', '48291', '4829130', '', '482913 ', 'abcdef'])
      expect(await verifyPin(wrong, hash)).toBe(false);
  });

  it('is salted: the same PIN hashes differently each time, and never contains the PIN', async () => {
    const [a, b] = [await hashPin('4829', CHEAP), await hashPin('4829', CHEAP)];
    expect(a).not.toBe(b);
    expect(a).not.toContain('4829$');
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
  });

  it('uses a real cost by default (N = 2^15) and still verifies', async () => {
    const text = await hashPin('7301');
    expect(text.startsWith('scrypt$32768$8$1$')).toBe(true);
    const parsed = parsePinHash(text);
    expect(isPinHash(parsed) && (await verifyPin('7301', parsed))).toBe(true);
  });

  it('refuses to hash something that is not a PIN', async () => {
    await expect(hashPin('12', CHEAP)).rejects.toThrow(/4 to 12 digits/);
    await expect(hashPin('12ab', CHEAP)).rejects.toThrow(/4 to 12 digits/);
  });

  it('refuses a PIN in clear, a mangled hash and a cost a panel cannot afford, saying how to make one', () => {
    for (const text of [
      '4829',
      'scrypt$32768$8$1$c2FsdHNhbHQ',
      'bcrypt$32768$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      'scrypt$1000$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      'scrypt$1073741824$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      'scrypt$1024$8$1$sa lt$aGFzaGhhc2hoYXNoaGFzaA',
    ]) {
      const parsed = parsePinHash(text);
      expect(isPinHash(parsed), text).toBe(false);
      if (!isPinHash(parsed)) expect(parsed.error).toMatch(/npm run pin-hash/);
    }
  });
});
