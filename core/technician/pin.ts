import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * The technician PIN, kept only as a salted scrypt hash (`scrypt$N$r$p$salt$hash`, salt and hash in
 * base64url) in the managed configuration: a copied config file does not give the PIN away, and
 * the renderer never sees even the hash. `npm run pin-hash` makes one.
 */

export interface PinHash {
  /** scrypt cost parameters (RFC 7914 §2). */
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

/** Ten to the power of four at least: fewer digits are guessed within the lock-out's patience. */
export const PIN_PATTERN = /^\d{4,12}$/;
export const PIN_RULE = 'a PIN is 4 to 12 digits';

/** 2^15 costs about 50 ms and 32 MiB per try: slow to brute-force offline, quick at the panel. */
export const DEFAULT_COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/**
 * Bounds on what a configuration file may ask of `scrypt`: a hash with N = 2^30 would make every
 * PIN entry allocate gigabytes (a panel-killing config typo). Within the bounds, any cost is taken.
 */
const LIMITS = { maxN: 2 ** 20, maxR: 32, maxP: 16, maxMemory: 256 * 1024 * 1024 } as const;

const B64URL = /^[A-Za-z0-9_-]+$/;

/** The configured hash, or why it cannot be one (said in the installer's words). */
export function parsePinHash(text: string): PinHash | { error: string } {
  const parts = text.split('$');
  const [scheme, n, r, p, salt, hash] = parts;
  const what =
    'must be a PIN hash made with `npm run pin-hash` (scrypt$N$r$p$salt$hash), never the PIN itself';
  if (parts.length !== 6 || scheme !== 'scrypt') return { error: what };
  const cost = [n, r, p].map((v) => (v !== undefined && /^\d{1,10}$/.test(v) ? Number(v) : Number.NaN));
  const [N = Number.NaN, R = Number.NaN, P = Number.NaN] = cost;
  if (!(N > 1 && Number.isInteger(Math.log2(N)) && R >= 1 && P >= 1)) {
    return { error: `${what}: N must be a power of two, r and p at least 1` };
  }
  if (N > LIMITS.maxN || R > LIMITS.maxR || P > LIMITS.maxP || memoryOf(N, R) > LIMITS.maxMemory) {
    return { error: `${what}: its cost (N=${N}, r=${R}, p=${P}) is beyond what a panel can afford` };
  }
  if (salt === undefined || hash === undefined || !B64URL.test(salt) || !B64URL.test(hash)) {
    return { error: `${what}: salt and hash must be base64url` };
  }
  const saltBytes = Buffer.from(salt, 'base64url');
  const hashBytes = Buffer.from(hash, 'base64url');
  if (saltBytes.length < 8 || hashBytes.length < 16) return { error: `${what}: salt or hash too short` };
  return { N, r: R, p: P, salt: saltBytes, hash: hashBytes };
}

export const isPinHash = (value: PinHash | { error: string }): value is PinHash => !('error' in value);

function memoryOf(N: number, r: number): number {
  return 128 * N * r;
}

function derive(pin: string, salt: Buffer, length: number, cost: { N: number; r: number; p: number }) {
  const options: ScryptOptions = { ...cost, maxmem: 2 * memoryOf(cost.N, cost.r) + 1024 * 1024 };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(pin.normalize('NFKC'), salt, length, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** A new salted hash for `pin`, in the configuration's text form. */
export async function hashPin(
  pin: string,
  cost: { N: number; r: number; p: number } = DEFAULT_COST,
  salt: Buffer = randomBytes(SALT_LENGTH),
): Promise<string> {
  if (!PIN_PATTERN.test(pin)) throw new Error(`Not a PIN: ${PIN_RULE}.`);
  const key = await derive(pin, salt, KEY_LENGTH, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * Whether `pin` is the one hashed. Compared in constant time; a PIN of the wrong shape is still run
 * through scrypt, so how long a refusal takes tells nothing about why.
 */
export async function verifyPin(pin: string, stored: PinHash): Promise<boolean> {
  const key = await derive(pin, stored.salt, stored.hash.length, stored);
  return timingSafeEqual(key, stored.hash) && PIN_PATTERN.test(pin);
}
