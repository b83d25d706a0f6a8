/** The URLs Roomdeck is given (the service, its end-session page, the update feed), checked. */

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);
export const isLoopbackHost = (hostname: string): boolean =>
  LOOPBACK_HOSTS.has(hostname.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(hostname);

/** The service's base URL, or why it cannot be one. http is allowed only on this computer. */
export function checkServerUrl(raw: string, what = 'the service'): { url: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: `is not a URL (got "${raw}")` };
  }
  if (url.username !== '' || url.password !== '')
    return { error: 'must not contain a user name or password' };
  if (url.search !== '' || url.hash !== '') return { error: 'must not have a query or fragment' };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { error: `must use https unless ${what} runs on this computer (got ${url.origin})` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { error: `must be an https URL (got ${url.protocol})` };
  return { url: url.href.replace(/\/+$/, '') };
}
