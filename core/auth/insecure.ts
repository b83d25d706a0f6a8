/**
 * The one place that decides whether oauth4webapi may talk plain http (its
 * `allowInsecureRequests`). Only a service on this machine qualifies: traffic to a loopback address
 * never leaves the host (RFC 8252 §8.3 makes the same argument for redirect URIs). https needs no
 * exception, so it is not "insecure" here. `localhost` counts because the embedded simulator and
 * developers use it; names under `.localhost` do not, as they may resolve elsewhere.
 */
export function isLoopbackIssuer(url: string | URL): boolean {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:') return false;
  // The URL parser has already normalised `127.1`, `0x7f.0.0.1` and `[0:0::1]` to canonical form.
  const host = parsed.hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]') return true;
  const octets = host.split('.');
  return (
    octets.length === 4 && octets[0] === '127' && octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255)
  );
}
