import type { DemoAccounts } from './types.ts';

/**
 * The simulator's built-in accounts. Every user's password is `demo`; the `roomdeck-ci` secret is
 * `roomdeck-ci-secret`. Only scrypt hashes are stored (regenerate with `hashSecret` from passwords.ts).
 */
/** Registered loopback IP literals match any port (redirect-uri.ts). */
const LOOPBACK_CALLBACKS = ['http://127.0.0.1/callback', 'http://[::1]/callback'];

export const demoAccounts: DemoAccounts = {
  authorities: [{ id: 'demo', name: 'Demo organisation' }],
  users: [
    {
      id: 'user-admin',
      username: 'admin@demo.local',
      name: 'Ada Admin',
      role: 'admin',
      authority: 'demo',
      passwordHash: 'scrypt$16384$8$1$ADlmlW_vM_6_BGC6LEKD4g$YmfyOjF0sbYfgaH0Q4sd3qm7v8UmFJQnoDAMyxWOjq4',
    },
    {
      id: 'user-tech',
      username: 'tech@demo.local',
      name: 'Theo Technician',
      role: 'support',
      authority: 'demo',
      passwordHash: 'scrypt$16384$8$1$mJKmrsrs_s2QMoOOYYMCMQ$irvZ89R_iT2tPLpOeIpLBG-kVxBR77Zch5l1x9JB7_A',
    },
    {
      id: 'user-panel',
      username: 'panel@demo.local',
      name: 'Wall Panel',
      role: 'user',
      authority: 'demo',
      passwordHash: 'scrypt$16384$8$1$DU6kw7f-ZIpdKSeNT5SScQ$XgvXjZjQ0hP5AXmzvUp31zrVEn1tgDOOTQ4MotF2_ZU',
    },
  ],
  clients: [
    {
      // The desktop app: a native public client (RFC 8252), so PKCE and a loopback redirect on any
      // port, IPv4 or IPv6 (§7.3). No implicit grant: a token in a URL fragment is RFC 9700's no-no.
      id: 'roomdeck',
      name: 'Roomdeck',
      secretHash: null,
      redirectUris: LOOPBACK_CALLBACKS,
      // device_code: a wall panel's technician signs in on a phone (RFC 8628), no keyboard needed.
      grants: ['authorization_code', 'refresh_token', 'device_code'],
      scopes: ['public'],
    },
    {
      // For tools that still speak the implicit grant (response_type=token): public, registered for
      // nothing else, token in the fragment of a loopback redirect, no refresh token.
      id: 'roomdeck-implicit',
      name: 'Roomdeck (implicit grant)',
      secretHash: null,
      redirectUris: LOOPBACK_CALLBACKS,
      grants: ['implicit'],
      scopes: ['public'],
    },
    {
      // Automation in CI: confidential, so it may use the password grant. Its secret is published, so
      // its loopback redirects get the consent step like a public client's (authorize-routes.ts).
      id: 'roomdeck-ci',
      name: 'Roomdeck CI',
      secretHash: 'scrypt$16384$8$1$VQITdM_I7FSaAsDFplUFZw$khevKVXmVh50u_hkfOMrIOw17MYrkz8OvpPDISwqxYQ',
      redirectUris: LOOPBACK_CALLBACKS,
      // device_code: a managed kiosk (this client) still lets its technician sign in by phone.
      grants: ['password', 'refresh_token', 'authorization_code', 'device_code'],
      scopes: ['public'],
    },
  ],
};
