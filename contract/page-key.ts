/**
 * The browser host's page key, shared by the host and the renderer's HTTP transport. The host hands
 * one out with the page it serves for the launch address (host/app.ts, in a `<meta>` named
 * PAGE_KEY_META) and wants it on every bridge call, beside the session cookie; the page keeps it in
 * `sessionStorage` and sends it as a header.
 *
 * Why not the cookie alone: cookies are not scoped by port, and SameSite counts every 127.0.0.1 port
 * as one site, so any program serving a page on another loopback port collects the cookie from the
 * person's browser. `sessionStorage` is per origin (scheme, host and port) and per tab, and a header
 * goes only where the page's own script sends it, so the key never reaches another port.
 */
export const PAGE_KEY_HEADER = 'x-roomdeck-page-key';
export const PAGE_KEY_STORAGE = 'roomdeck.pageKey';
/** The `<meta name>` the key rides in, in the page served for the launch address only. */
export const PAGE_KEY_META = 'roomdeck-page-key';
/**
 * The page key on the one request that cannot carry a header: the browser host's event stream
 * (`EventSource` sets none). Sent only to the page's own origin, like the header.
 */
export const PAGE_KEY_PARAM = 'key';
