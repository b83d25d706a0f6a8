import { verifySecret } from './passwords.ts';
import type { ClientAccount, DemoAccounts, UserAccount } from './types.ts';

/** Read-only lookups over the configured users, clients and authorities. */
export class AccountDirectory {
  readonly #clients: Map<string, ClientAccount>;
  readonly #usersById: Map<string, UserAccount>;
  readonly #usersByName: Map<string, UserAccount>;
  readonly #authorities: Set<string>;

  constructor(accounts: DemoAccounts) {
    this.#clients = new Map(accounts.clients.map((c) => [c.id, c]));
    this.#usersById = new Map(accounts.users.map((u) => [u.id, u]));
    this.#usersByName = new Map(accounts.users.map((u) => [u.username.toLowerCase(), u]));
    this.#authorities = new Set(accounts.authorities.map((a) => a.id));
  }

  client(id: string): ClientAccount | null {
    return this.#clients.get(id) ?? null;
  }

  user(id: string): UserAccount | null {
    return this.#usersById.get(id) ?? null;
  }

  hasAuthority(id: string): boolean {
    return this.#authorities.has(id);
  }

  /**
   * The user whose credentials these are, or null. With an authority, the user must belong to it.
   * A hash is checked even for unknown usernames so the response time does not reveal who exists.
   */
  async verifyUser(username: string, password: string, authority?: string): Promise<UserAccount | null> {
    const user = this.#usersByName.get(username.trim().toLowerCase()) ?? null;
    const ok = await verifySecret(password, user?.passwordHash ?? null);
    if (!ok || user === null) return null;
    return authority === undefined || user.authority === authority ? user : null;
  }

  async verifyClientSecret(client: ClientAccount, secret: string): Promise<boolean> {
    return verifySecret(secret, client.secretHash);
  }
}
