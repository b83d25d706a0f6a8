/** Error codes of RFC 6749 §4.1.2.1, §4.2.2.1 and §5.2. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'access_denied'
  /** RFC 8628 §3.5: the device's polling answers. */
  | 'authorization_pending'
  | 'slow_down'
  | 'expired_token'
  /** RFC 6749 §4.1.2.1; also the token endpoint's answer while wrong passwords have locked a sign-in. */
  | 'temporarily_unavailable';

/** A protocol error: the routes turn it into an RFC 6749 JSON body or an error redirect. */
export class OAuthError extends Error {
  readonly code: OAuthErrorCode;

  /** Seconds to wait before trying again (sent as Retry-After with a 429). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: OAuthErrorCode, description: string, retryAfterSeconds?: number) {
    // RFC 6749 §5.2 allows only printable ASCII without `"` and `\` in error_description.
    super(description.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, '?'));
    this.name = 'OAuthError';
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** RFC 6749 §5.2: 401 for failed client authentication, 400 for everything else; 429 while throttled. */
  get status(): 400 | 401 | 429 {
    if (this.code === 'temporarily_unavailable') return 429;
    return this.code === 'invalid_client' ? 401 : 400;
  }

  toBody(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.code, error_description: this.message };
  }
}
