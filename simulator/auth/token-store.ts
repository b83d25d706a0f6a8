import { hashToken, randomToken } from './tokens.ts';

/**
 * Issued access and refresh tokens, keyed by SHA-256 hash. Every token belongs to a grant: one user's
 * authorization of one client (a code exchange, a password login or an implicit authorization).
 * Refresh rotation keeps the grant, so revoking the grant reaches every token descended from it.
 */

export interface AccessTokenRecord {
  hash: string;
  userId: string;
  clientId: string;
  scope: string;
  grantId: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  expiresAt: number;
}

export interface RefreshTokenRecord {
  hash: string;
  userId: string;
  clientId: string;
  scope: string;
  grantId: string;
  createdAt: number;
  /** When a successor was issued (rotation); the token is then only good for the reuse interval. */
  rotatedAt?: number;
  /** The answer it was rotated with, sealed under the token itself (successor-seal.ts). */
  successor?: string;
}

export interface GrantInfo {
  userId: string;
  clientId: string;
  scope: string;
  grantId: string;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string | null;
  scope: string;
  createdAt: number;
  expiresIn: number;
}

export interface TokenStoreSnapshot {
  accessTokens: AccessTokenRecord[];
  refreshTokens: RefreshTokenRecord[];
}

export class TokenStore {
  readonly #access = new Map<string, AccessTokenRecord>();
  readonly #refresh = new Map<string, RefreshTokenRecord>();

  constructor(snapshot?: TokenStoreSnapshot) {
    for (const r of snapshot?.accessTokens ?? []) this.#access.set(r.hash, { ...r });
    for (const r of snapshot?.refreshTokens ?? []) this.#refresh.set(r.hash, { ...r });
  }

  issue(grant: GrantInfo, now: number, ttlSeconds: number, withRefresh: boolean): IssuedTokens {
    this.#sweep(now);
    const accessToken = randomToken();
    this.#access.set(hashToken(accessToken), {
      hash: hashToken(accessToken),
      ...grant,
      createdAt: now,
      expiresAt: now + ttlSeconds * 1000,
    });
    let refreshToken: string | null = null;
    if (withRefresh) {
      refreshToken = randomToken();
      this.#refresh.set(hashToken(refreshToken), { hash: hashToken(refreshToken), ...grant, createdAt: now });
    }
    return { accessToken, refreshToken, scope: grant.scope, createdAt: now, expiresIn: ttlSeconds };
  }

  /** The live record for an access token; expired ones are forgotten on the way. */
  findAccess(token: string, now: number): AccessTokenRecord | null {
    const hash = hashToken(token);
    const record = this.#access.get(hash);
    if (record === undefined) return null;
    if (record.expiresAt <= now) {
      this.#access.delete(hash);
      return null;
    }
    return record;
  }

  findRefresh(token: string): RefreshTokenRecord | null {
    return this.#refresh.get(hashToken(token)) ?? null;
  }

  /**
   * Rotation (RFC 9700 §4.14.2): the presented refresh token dies as its successor is issued, or,
   * with a reuse interval, is kept (marked rotated, with its sealed `successor` answer) so a retry
   * within the interval gets that answer again and a later replay can be recognised.
   */
  consumeRefresh(record: RefreshTokenRecord, now: number, successor: string | null): void {
    if (successor === null) {
      this.#refresh.delete(record.hash);
      return;
    }
    const stored = this.#refresh.get(record.hash);
    if (stored !== undefined && stored.rotatedAt === undefined) {
      stored.rotatedAt = now;
      stored.successor = successor;
    }
  }

  revokeAccess(record: AccessTokenRecord): void {
    this.#access.delete(record.hash);
  }

  /** Any token of the grant still held (a live access token or a refresh token), or null once it is gone. */
  grantHolder(grantId: string, now: number): GrantInfo | null {
    for (const record of this.#access.values()) {
      if (record.grantId === grantId && record.expiresAt > now) return record;
    }
    for (const record of this.#refresh.values()) if (record.grantId === grantId) return record;
    return null;
  }

  /** Drops every access and refresh token of the grant; returns whether anything was live. */
  revokeGrant(grantId: string): boolean {
    let changed = false;
    for (const map of [this.#access, this.#refresh]) {
      for (const [hash, record] of map) {
        if (record.grantId === grantId) changed = map.delete(hash) || changed;
      }
    }
    return changed;
  }

  snapshot(now: number): TokenStoreSnapshot {
    this.#sweep(now);
    return {
      accessTokens: [...this.#access.values()].map((r) => ({ ...r })),
      refreshTokens: [...this.#refresh.values()].map((r) => ({ ...r })),
    };
  }

  #sweep(now: number): void {
    for (const [hash, record] of this.#access) if (record.expiresAt <= now) this.#access.delete(hash);
    // A rotated token is kept a day to recognise a replay, then forgotten.
    for (const [hash, record] of this.#refresh) {
      if (record.rotatedAt !== undefined && now - record.rotatedAt > 86_400_000) this.#refresh.delete(hash);
    }
  }
}
