import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * Hashes for user passwords and client secrets: `scrypt$N$r$p$salt$hash` (base64url parts), so the
 * cost can change without invalidating stored hashes.
 */

const COST = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

export function hashSecret(secret: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(secret, salt, KEY_LENGTH, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

interface ParsedHash {
  cost: { N: number; r: number; p: number };
  salt: Buffer;
  hash: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(cost).every((v) => Number.isSafeInteger(v) && v > 0)) return null;
  return { cost, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

function derive(secret: string, parsed: ParsedHash): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Async so a login does not block the event loop for the whole key derivation.
    scrypt(secret, parsed.salt, parsed.hash.length, parsed.cost, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Checked when the user is unknown so timing does not reveal which usernames exist. */
const DECOY: ParsedHash = parseHash(hashSecret(randomBytes(16).toString('base64url')))!;

export async function verifySecret(secret: string, stored: string | null): Promise<boolean> {
  const parsed = stored === null ? null : parseHash(stored);
  const target = parsed ?? DECOY;
  const key = await derive(secret, target);
  return parsed !== null && timingSafeEqual(key, target.hash);
}
