/**
 * The contact limit per IPv6 /48 beside the one per address: a client cycling through the /64s of a /48 (free
 * from a tunnel broker) is stopped, while another network, and IPv4, are counted as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { contactBody, createTestApp, type TestApp } from '../../tests/support/api';
import { CONTACTS_PER_NETWORK_FACTOR, ipv6Network48 } from './contact-limits';

describe('ipv6Network48', () => {
  it('takes the /48 of an IPv6 /64 key, and nothing of an IPv4 address', () => {
    expect(ipv6Network48('2001:db8:1:2::/64')).toBe('2001:db8:1::/48');
    expect(ipv6Network48('2001:db8:0:ffff::/64')).toBe('2001:db8:0::/48');
    expect(ipv6Network48('203.0.113.7')).toBeNull();
  });
});

describe('contact posts per IPv6 /48', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const post = (remoteAddress: string) =>
    t!.request({ method: 'POST', url: '/api/public/contacts', json: contactBody(), remoteAddress });

  it(`allow ${CONTACTS_PER_NETWORK_FACTOR}× the address limit across a /48, then 429, while other networks still get through`, async () => {
    t = await createTestApp({ seed: false, config: { contactRateLimit: 2 } });
    const networkLimit = 2 * CONTACTS_PER_NETWORK_FACTOR;
    const codes: number[] = [];
    // Each /64 of the /48 stays within its own limit of 2.
    for (let subnet = 0; codes.length < networkLimit + 2; subnet += 1) {
      for (let n = 0; n < 2; n += 1) codes.push((await post(`2001:db8:1:${subnet.toString(16)}::${n + 1}`)).statusCode);
    }
    expect(codes.slice(0, networkLimit).every((code) => code === 201)).toBe(true);
    expect(codes.slice(networkLimit)).toEqual([429, 429]);
    expect(await t.storage.count('contacts')).toBe(networkLimit);
    // Another /48, and an IPv4 address, are their own.
    expect((await post('2001:db8:2:1::1')).statusCode).toBe(201);
    expect((await post('203.0.113.9')).statusCode).toBe(201);
  });

  it('a /64 past its own limit does not use up its neighbours’ /48 allowance', async () => {
    t = await createTestApp({ seed: false, config: { contactRateLimit: 2 } });
    for (let n = 0; n < 30; n += 1) await post('2001:db8:3:1::1');
    expect((await post('2001:db8:3:2::1')).statusCode).toBe(201);
  });
});
