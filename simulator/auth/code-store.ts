import { hashToken, randomToken } from './tokens.ts';

/** Authorization codes (RFC 6749 §4.1.2): single-use, short-lived, bound to everything the exchange must repeat. */

/** RFC 6749 §4.1.2 recommends at most 10 minutes; one is plenty for a redirect and a POST. */
export const CODE_TTL_MS = 60_000;
/** How long a redeemed code is remembered, so a replay can still be detected and punished. */
const REDEEMED_MEMORY_MS = 10 * 60_000;

export interface CodeRecord {
  clientId: string;
  userId: string;
  redirectUri: string;
  /** S256 challenge, or null for a confidential client that did not use PKCE. */
  codeChallenge: string | null;
  scope: string;
  /** The grant every token from this code belongs to, for revocation on replay. */
  grantId: string;
  expiresAt: number;
  redeemed: boolean;
}

export type CodeLookup =
  | { kind: 'valid'; record: CodeRecord }
  | { kind: 'replayed'; record: CodeRecord }
  | { kind: 'invalid' };

export class CodeStore {
  readonly #codes = new Map<string, CodeRecord>();

  issue(fields: Omit<CodeRecord, 'expiresAt' | 'redeemed'>, now: number): string {
    this.#sweep(now);
    const code = randomToken();
    this.#codes.set(hashToken(code), { ...fields, expiresAt: now + CODE_TTL_MS, redeemed: false });
    return code;
  }

  lookup(code: string, now: number): CodeLookup {
    const record = this.#codes.get(hashToken(code));
    if (record === undefined) return { kind: 'invalid' };
    if (record.redeemed) return { kind: 'replayed', record };
    return record.expiresAt > now ? { kind: 'valid', record } : { kind: 'invalid' };
  }

  markRedeemed(record: CodeRecord): void {
    record.redeemed = true;
  }

  #sweep(now: number): void {
    for (const [hash, record] of this.#codes) {
      if (record.expiresAt + REDEEMED_MEMORY_MS <= now) this.#codes.delete(hash);
    }
  }
}
