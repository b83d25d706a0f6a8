import { createHash, randomBytes } from 'node:crypto';

/** 256 bits: far beyond guessing (RFC 6749 §10.10 asks for at most 2^-128 odds; RFC 6819 §5.1.4.2.2). */
const TOKEN_BYTES = 32;

/** An opaque, URL-safe random string for access and refresh tokens, codes and session ids. */
export function randomToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * Only this hash is stored (RFC 6819 §5.1.4.1.3), so a leaked snapshot grants nothing. Tokens are
 * high-entropy, so a plain SHA-256 without salt is enough.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
