/**
 * The main process's HTTP through Electron's `net.fetch`: Chromium's network stack, so the system
 * proxy (and PAC), the OS certificate store (an internal CA) and its TLS settings apply, as they
 * do in a browser. Node's own fetch ignores all three. Passed in as `fetch` (createMainServices),
 * so Node tests keep Node's fetch. `net.fetch` takes a string or a Request, not a URL object.
 */
export type NetFetch = (input: string | Request, init?: RequestInit) => Promise<Response>;

export function fetchThroughNet(netFetch: NetFetch): typeof fetch {
  return ((input: string | URL | Request, init?: RequestInit) =>
    netFetch(input instanceof URL ? input.href : input, init)) as typeof fetch;
}
