import { hashToken, randomToken } from './tokens.ts';

/** Browser sessions of the login page, so a signed-in user is not asked again on every authorize. */

export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

export interface SessionRecord {
  hash: string;
  userId: string;
  expiresAt: number;
}

export class SessionStore {
  readonly #sessions = new Map<string, SessionRecord>();

  constructor(snapshot?: SessionRecord[]) {
    for (const r of snapshot ?? []) this.#sessions.set(r.hash, { ...r });
  }

  /** Returns the cookie value; only its hash is kept. */
  create(userId: string, now: number): string {
    this.#sweep(now);
    const id = randomToken();
    this.#sessions.set(hashToken(id), { hash: hashToken(id), userId, expiresAt: now + SESSION_TTL_MS });
    return id;
  }

  userId(id: string, now: number): string | null {
    const record = this.#sessions.get(hashToken(id));
    return record !== undefined && record.expiresAt > now ? record.userId : null;
  }

  /** Signs the browser out: the cookie is worthless from now on. True when there was a session. */
  delete(id: string): boolean {
    return this.#sessions.delete(hashToken(id));
  }

  snapshot(now: number): SessionRecord[] {
    this.#sweep(now);
    return [...this.#sessions.values()].map((r) => ({ ...r }));
  }

  #sweep(now: number): void {
    for (const [hash, record] of this.#sessions) if (record.expiresAt <= now) this.#sessions.delete(hash);
  }
}
