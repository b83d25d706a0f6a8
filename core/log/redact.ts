/**
 * What may go into a log. A technician reads logs on site and sends them on; a token, PIN, password
 * or client secret in one would hand the panel's account to whoever reads it. Fields whose names
 * say "secret" are blanked whatever their value, and text is scrubbed of the credential shapes the
 * service and the OAuth flows use. Applied to every entry before it is written.
 */

const SECRET_KEY =
  /(token|password|passwd|secret|authorization|cookie|verifier|credential|api[-_]?key|^code$)/i;
/** `pin`, `kioskPin`, `pin_hash`: but not `ping`, `mapping` or `spinner`. */
const PIN_KEY = /(^pin|[a-z]Pin|[_-]pin|^PIN)(?![a-z])/;
const isSecretKey = (key: string): boolean => SECRET_KEY.test(key) || PIN_KEY.test(key);
export const REDACTED = '[redacted]';

export function redactText(text: string): string {
  return (
    text
      .replace(/(bearer\s+)[A-Za-z0-9._~+/=-]+/gi, `$1${REDACTED}`)
      .replace(
        /((?:access_token|refresh_token|id_token|bearer_token|code|code_verifier|password|client_secret|token|pin|launch)=)[^&\s"']+/gi,
        `$1${REDACTED}`,
      )
      // "password": "…" inside JSON text logged as a string.
      .replace(/("(?:[a-z_]*token|password|client_secret|pin)"\s*:\s*")[^"]*"/gi, `$1${REDACTED}"`)
  );
}

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '[…]';
  if (value instanceof Error) {
    return { name: value.name, message: redactText(value.message), code: (value as { code?: unknown }).code };
  }
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] =
      isSecretKey(key) && field !== null && field !== undefined && field !== ''
        ? REDACTED
        : redact(field, depth + 1);
  }
  return out;
}
