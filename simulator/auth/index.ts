/** The Control Service simulator's OAuth 2.0 authorization server and the bearer check of the control API. */
export { demoAccounts } from './demo.ts';
export { hashSecret } from './passwords.ts';
export { authPlugin } from './plugin.ts';
export { type AuthSnapshot, AuthService, type TokenResponse } from './service.ts';
export type {
  AuthOptions,
  Authority,
  ClientAccount,
  DemoAccounts,
  GrantType,
  Principal,
  UserAccount,
  UserRole,
} from './types.ts';
