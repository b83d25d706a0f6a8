/** electron-builder overrides for macOS signing, from what the environment provides (see dist.ts). */
export function macSigningArgs(env: Record<string, string | undefined>): string[] {
  const has = (...names: string[]) => names.every((n) => (env[n] ?? '') !== '');
  const identity = has('CSC_LINK') || has('CSC_NAME');
  if (!identity) return ['-c.mac.identity=-', '-c.mac.notarize=false'];
  const notarize =
    has('APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER') ||
    has('APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID') ||
    has('APPLE_KEYCHAIN_PROFILE');
  return [`-c.mac.notarize=${notarize}`];
}
