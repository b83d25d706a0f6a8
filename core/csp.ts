/**
 * The one Content-Security-Policy for the renderer, sent by the browser host and added by the
 * Electron session. Scripts only from the app itself, no inline script, no eval, no frames.
 * `style-src 'unsafe-inline'` is needed because Svelte sets `style="…"` attributes and injects
 * `<style>` elements for transitions at run time; styles cannot run code, so the risk is small.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join('; ');
