import { Type } from '@sinclair/typebox';

/**
 * Wire schemas. Every parameter is an optional string: which ones are required depends on the flow,
 * and a missing one must yield an RFC 6749 error (or, on the authorize endpoint, an error redirect),
 * not a generic validation failure. A repeated parameter arrives as an array and fails here, as
 * RFC 6749 §3.1 / §3.2 demand.
 */
const Param = Type.String({ maxLength: 2048 });
const Secret = Type.String({ maxLength: 1024 });

const authorizeFields = {
  client_id: Type.Optional(Param),
  redirect_uri: Type.Optional(Param),
  response_type: Type.Optional(Param),
  state: Type.Optional(Param),
  scope: Type.Optional(Param),
  code_challenge: Type.Optional(Param),
  code_challenge_method: Type.Optional(Param),
  prompt: Type.Optional(Param),
};

export const AuthorizeQuery = Type.Object(authorizeFields);

/** The login form posts the authorize parameters back along with the credentials. */
export const AuthorizeForm = Type.Object({
  ...authorizeFields,
  username: Type.Optional(Param),
  password: Type.Optional(Secret),
  /** The CSRF token bound to the pre-login cookie (csrf.ts). */
  csrf_token: Type.Optional(Param),
  /** The consent page's answer: `yes`, or `switch` to sign in as someone else. */
  approve: Type.Optional(Param),
});

export const TokenBody = Type.Object({
  grant_type: Type.Optional(Param),
  client_id: Type.Optional(Param),
  client_secret: Type.Optional(Secret),
  code: Type.Optional(Param),
  redirect_uri: Type.Optional(Param),
  code_verifier: Type.Optional(Param),
  username: Type.Optional(Param),
  password: Type.Optional(Secret),
  authority: Type.Optional(Param),
  scope: Type.Optional(Param),
  refresh_token: Type.Optional(Param),
  /** RFC 8628 §3.4. */
  device_code: Type.Optional(Param),
});

/** RFC 8628 §3.1: the device authorization request. */
export const DeviceAuthorizationBody = Type.Object({
  client_id: Type.Optional(Param),
  client_secret: Type.Optional(Secret),
  scope: Type.Optional(Param),
});

export const DeviceAuthorizationResponse = Type.Object({
  device_code: Type.String(),
  user_code: Type.String(),
  verification_uri: Type.String(),
  verification_uri_complete: Type.String(),
  expires_in: Type.Integer(),
  interval: Type.Integer(),
});

/** The verification page's form: the code, the sign-in, the answer. */
export const DeviceForm = Type.Object({
  user_code: Type.Optional(Param),
  username: Type.Optional(Param),
  password: Type.Optional(Secret),
  csrf_token: Type.Optional(Param),
  /** `approve` or `deny`; absent on the sign-in and code-entry steps. */
  answer: Type.Optional(Param),
});

export const DeviceQuery = Type.Object({ user_code: Type.Optional(Param) });

export const RevokeBody = Type.Object({
  token: Type.Optional(Param),
  token_type_hint: Type.Optional(Param),
  client_id: Type.Optional(Param),
  client_secret: Type.Optional(Secret),
});

export const TokenResponse = Type.Object({
  access_token: Type.String(),
  created_at: Type.Integer(),
  expires_in: Type.Integer(),
  refresh_token: Type.Optional(Type.String()),
  scope: Type.String(),
  token_type: Type.Literal('bearer'),
});

export const OAuthErrorBody = Type.Object({
  error: Type.String(),
  error_description: Type.String(),
});
