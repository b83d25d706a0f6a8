import { describe, expect, it } from 'vitest';
import { isLoopbackIssuer } from '../../../core/auth/insecure.ts';

describe('isLoopbackIssuer', () => {
  it.each([
    'http://127.0.0.1:8080',
    'http://127.0.0.1',
    'http://127.255.10.3:9/base',
    'http://127.1:4000',
    'http://0x7f.0.0.1/',
    'http://[::1]:3000',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://localhost:5173',
    'http://LOCALHOST',
  ])('allows plain http to the loopback service %s', (url) => {
    expect(isLoopbackIssuer(url)).toBe(true);
  });

  it.each([
    'http://control.example.org',
    'http://10.0.0.1',
    'http://128.0.0.1',
    'http://0.0.0.0',
    'http://localhost.example.org',
    'http://app.localhost',
    'http://127.0.0.1.nip.io',
    'http://[::ffff:127.0.0.1]',
    'http://[::2]',
    'https://127.0.0.1',
    'https://control.example.org',
    'ftp://127.0.0.1',
    'not a url',
    '',
  ])('refuses the insecure exception for %s', (url) => {
    expect(isLoopbackIssuer(url)).toBe(false);
  });

  it('accepts URL objects', () => {
    expect(isLoopbackIssuer(new URL('http://127.0.0.1:1'))).toBe(true);
  });
});
