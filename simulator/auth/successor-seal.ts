import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The answer a refresh token was rotated with, kept so that a retry inside the reuse interval gets
 * that same answer instead of a second successor. Only hashes of tokens are stored (token-store.ts),
 * so the answer is sealed (AES-256-GCM) under a key derived from the rotated-out refresh token
 * itself: whoever presents that token can open it, and a leaked data file still grants nothing.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyFor(refreshToken: string): Buffer {
  return createHash('sha256')
    .update('roomdeck-simulator refresh successor v1\0')
    .update(refreshToken)
    .digest();
}

export function sealSuccessor(refreshToken: string, answer: unknown): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(refreshToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The sealed answer, or null when it does not open with this token (or is damaged). */
export function openSuccessor(refreshToken: string, sealed: string): unknown {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyFor(refreshToken), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    return JSON.parse(text.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
