import * as oauth from 'oauth4webapi';

/** Proof Key for Code Exchange, S256 only (RFC 7636; `plain` is never used, §4.2). */
export interface Pkce {
  /** High-entropy secret kept in the main process until the code exchange (RFC 7636 §4.1). */
  verifier: string;
  /** BASE64URL(SHA256(verifier)), sent with the authorization request (RFC 7636 §4.2). */
  challenge: string;
  method: 'S256';
}

/** A fresh verifier from the platform CSPRNG (32 random bytes, base64url: 43 characters). */
export async function createPkce(): Promise<Pkce> {
  const verifier = oauth.generateRandomCodeVerifier();
  const challenge = await oauth.calculatePKCECodeChallenge(verifier);
  return { verifier, challenge, method: 'S256' };
}

/** An unguessable `state` binding the redirect to the request that started it (RFC 6749 §10.12). */
export const createState = (): string => oauth.generateRandomState();
