import { describe, expect, it } from 'vitest';
import { redirectUriAllowed } from '../../../simulator/auth/redirect-uri.ts';

describe('redirect URI matching', () => {
  it('matches a registered loopback IP literal at any port, path and query exact', () => {
    expect(redirectUriAllowed(['http://127.0.0.1/callback'], 'http://127.0.0.1:8080/callback')).toBe(true);
    expect(redirectUriAllowed(['http://[::1]/callback'], 'http://[::1]:8080/callback')).toBe(true);
    expect(redirectUriAllowed(['http://127.0.0.1:9000/callback'], 'http://127.0.0.1:8080/callback')).toBe(
      true,
    );
    expect(redirectUriAllowed(['http://127.0.0.1/callback'], 'http://127.0.0.1:8080/callback/')).toBe(false);
    expect(redirectUriAllowed(['http://127.0.0.1/callback'], 'http://127.0.0.1:8080/callback?x=1')).toBe(
      false,
    );
    expect(redirectUriAllowed(['http://127.0.0.1/callback'], 'http://[::1]:8080/callback')).toBe(false);
  });

  it('gives localhost and https no port leniency', () => {
    expect(redirectUriAllowed(['http://localhost/callback'], 'http://localhost:8080/callback')).toBe(false);
    expect(redirectUriAllowed(['http://localhost/callback'], 'http://localhost/callback')).toBe(true);
    expect(redirectUriAllowed(['https://127.0.0.1/callback'], 'https://127.0.0.1:8443/callback')).toBe(false);
  });

  it('refuses ports out of range, user info tricks and fragments', () => {
    expect(redirectUriAllowed(['http://127.0.0.1/callback'], 'http://127.0.0.1:0/callback')).toBe(false);
    expect(redirectUriAllowed(['http://127.0.0.1/callback'], 'http://127.0.0.1:65536/callback')).toBe(false);
    expect(
      redirectUriAllowed(['http://127.0.0.1/callback'], 'http://127.0.0.1:80@evil.example/callback'),
    ).toBe(false);
    expect(redirectUriAllowed(['http://127.0.0.1/callback'], 'http://127.0.0.1.evil.example/callback')).toBe(
      false,
    );
    expect(redirectUriAllowed(['http://127.0.0.1/callback'], 'http://127.0.0.1:8080/callback#frag')).toBe(
      false,
    );
  });
});
