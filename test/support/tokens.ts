import type { StoredTokens } from '../../core/store/vault.ts';

export const sampleTokens = (over: Partial<StoredTokens> = {}): StoredTokens => ({
  version: 1,
  server: 'http://127.0.0.1:4010',
  clientId: 'roomdeck',
  accessToken: 'AT-4f1b2c9e-very-secret-access',
  refreshToken: 'RT-77aa01de-very-secret-refresh',
  scope: 'public',
  issuedAt: 1_900_000_000_000,
  expiresAt: 1_900_001_209_600,
  ...over,
});
