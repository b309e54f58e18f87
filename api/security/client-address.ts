/**
 * The key a client's address is counted under by the per-address limits (contact forms, kiosk sign-ins without a
 * pass, password failures). An IPv4 address is itself. An IPv6 address counts by its /64 network: a home, a phone
 * or a rented server is handed a whole /64 (2^64 addresses), so counting each address would let one client send
 * without any limit. Audit lines keep the full address (request.ip).
 */
import { isIPv4, isIPv6 } from 'node:net';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The eight 16-bit groups of an IPv6 address, written out ('' when it is not one). */
function ipv6Groups(address: string): string[] {
  let [head = '', tail = ''] = address.split('::');
  const parts = (text: string) => (text ? text.split(':') : []);
  // An IPv4 dotted tail (::1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address.includes('::') ? tail : head)?.[1];
  if (dotted) {
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    const groups = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
    if (address.includes('::')) tail = tail.replace(dotted, groups);
    else head = head.replace(dotted, groups);
  }
  const left = parts(head);
  const right = address.includes('::') ? parts(tail) : [];
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

export function clientAddressKey(ip: string): string {
  const address = ip.split('%', 1)[0]!;
  const mapped = IPV4_MAPPED.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return ip;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}
