import { describe, expect, it } from 'vitest';
import { macSigningArgs } from '../../scripts/signing.ts';

describe('macOS signing for npm run dist', () => {
  it('signs ad hoc when no identity is configured, so a fused arm64 build still launches', () => {
    expect(macSigningArgs({})).toEqual(['-c.mac.identity=-', '-c.mac.notarize=false']);
    expect(macSigningArgs({ APPLE_ID: 'a@b.c', CSC_LINK: '' })).toContain('-c.mac.identity=-');
  });

  it('signs with the configured identity and notarizes only with complete Apple credentials', () => {
    expect(macSigningArgs({ CSC_LINK: '/certs/dev-id.p12' })).toEqual(['-c.mac.notarize=false']);
    expect(
      macSigningArgs({
        CSC_NAME: 'Developer ID Application: X',
        APPLE_ID: 'a',
        APPLE_APP_SPECIFIC_PASSWORD: 'p',
        APPLE_TEAM_ID: 't',
      }),
    ).toEqual(['-c.mac.notarize=true']);
    expect(macSigningArgs({ CSC_LINK: 'x', APPLE_API_KEY: 'k.p8', APPLE_API_KEY_ID: 'id' })).toEqual([
      '-c.mac.notarize=false',
    ]);
  });
});
