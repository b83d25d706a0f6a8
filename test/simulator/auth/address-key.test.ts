import { describe, expect, it } from 'vitest';
import { addressKey } from '../../../simulator/auth/address-key.ts';

/** The login throttle's notion of "one computer": loopback is one, an IPv6 client is its /64. */
describe('addressKey', () => {
  it('makes every loopback form one key', () => {
    const forms = ['127.0.0.1', '127.0.0.2', '127.255.255.254', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.9'];
    expect(new Set(forms.map(addressKey))).toEqual(new Set(['loopback']));
    expect(addressKey('::ffff:7f00:5')).toBe('loopback');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 client it is', () => {
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::FFFF:c000:0207')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts an IPv6 client by its /64, so rotating the interface part gains nothing', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:db8:1:2:ffff:eeee:dddd:cccc'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('keeps anything else as it is', () => {
    expect(addressKey('not-an-ip')).toBe('not-an-ip');
  });
});
