import { createHash, timingSafeEqual } from 'node:crypto';

/** PKCE (RFC 7636). Only S256: `plain` protects nothing once the request is seen (RFC 9700 §2.1.1). */

export const PKCE_METHOD = 'S256';

/** RFC 7636 §4.2: BASE64URL(SHA256(verifier)) is always 43 characters. */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636 §4.1: 43–128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

export function isValidChallenge(challenge: string): boolean {
  return CHALLENGE.test(challenge);
}

export function isValidVerifier(verifier: string): boolean {
  return VERIFIER.test(verifier);
}

/** RFC 7636 §4.6: the server recomputes the challenge from the verifier and compares. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
