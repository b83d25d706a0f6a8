import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../core/csp.ts';

describe('the renderer page’s own Content-Security-Policy', () => {
  it('matches the policy the host and the Electron session send, but for what a meta tag cannot carry', () => {
    const html = readFileSync('renderer/index.html', 'utf8');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
    // frame-ancestors is ignored in a <meta> policy (CSP3 §6.4.2); the header carries it.
    const expected = CONTENT_SECURITY_POLICY.split('; ')
      .filter((directive) => !directive.startsWith('frame-ancestors'))
      .join('; ');
    expect(meta).toBe(expected);
  });
});
