import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it('counts an IPv4 address as itself, also when written as IPv4-mapped IPv6', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64 network, however it is written', () => {
    const key = '2001:db8:85a3:8d3::/64';
    for (const address of [
      '2001:db8:85a3:8d3:1319:8a2e:370:7348',
      '2001:0db8:85a3:08d3:ffff:ffff:ffff:ffff',
      '2001:db8:85a3:8d3::1',
      '2001:DB8:85A3:8D3::',
      '2001:db8:85a3:8d3::1%eth0',
    ]) {
      expect(clientAddressKey(address), address).toBe(key);
    }
    expect(clientAddressKey('2001:db8:85a3:8d4::1')).toBe('2001:db8:85a3:8d4::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(clientAddressKey('unknown')).toBe('unknown');
  });
});
