import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * What Roomdeck keeps between runs to stay signed in, and the interface every vault implements.
 * Stored data is parsed with a schema on load: anything that does not fit is treated as absent
 * (signed out), never trusted and never a crash.
 */
export const StoredTokens = Type.Object({
  version: Type.Literal(1),
  /** The service and client these tokens belong to; a panel moved to another service starts signed out. */
  server: Type.String({ minLength: 1 }),
  clientId: Type.String({ minLength: 1 }),
  accessToken: Type.String({ minLength: 1 }),
  refreshToken: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
  scope: Type.Union([Type.String(), Type.Null()]),
  /** Milliseconds since the Unix epoch. */
  issuedAt: Type.Number(),
  expiresAt: Type.Union([Type.Number(), Type.Null()]),
});
export type StoredTokens = Static<typeof StoredTokens>;

export interface TokenVault {
  /** The stored tokens, or null when there are none or they cannot be read. */
  load(): Promise<StoredTokens | null>;
  save(tokens: StoredTokens): Promise<void>;
  /** Forgets the tokens (sign-out, session ended). */
  clear(): Promise<void>;
}

/** Parses decrypted vault contents; null for anything that is not a valid record. */
export function parseStoredTokens(text: string): StoredTokens | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return Value.Check(StoredTokens, value) ? value : null;
}

/** A vault that forgets on exit: tests, and kiosks configured to never persist a sign-in. */
export function createMemoryVault(initial: StoredTokens | null = null): TokenVault {
  let stored = initial === null ? null : structuredClone(initial);
  return {
    load: async () => (stored === null ? null : structuredClone(stored)),
    save: async (tokens) => {
      stored = structuredClone(tokens);
    },
    clear: async () => {
      stored = null;
    },
  };
}
