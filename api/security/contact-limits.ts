/**
 * The visitors' contact limit: per address (an IPv4 address, or an IPv6 /64, as clientAddressKey counts it), and a
 * looser one per IPv6 /48. A home or a phone is handed a /64, so the per-address count is right for real visitors;
 * but anyone can get a whole /48 (65,536 /64s) for free from a tunnel broker, which made the per-address limit no
 * limit at all for a bot. CONTACTS_PER_NETWORK_FACTOR times the address limit per /48 still leaves room for an
 * office or a campus whose visitors share one.
 */
import type { RateLimitDecision, RateLimiter, RateLimitState } from './rate-limiter';

export const CONTACTS_PER_NETWORK_FACTOR = 10;

/** "2001:db8:1:2::/64" → "2001:db8:1::/48"; null for an IPv4 address. */
export function ipv6Network48(addressKey: string): string | null {
  if (!addressKey.endsWith('::/64')) return null;
  return `${addressKey.slice(0, -'::/64'.length).split(':').slice(0, 3).join(':')}::/48`;
}

/** A limiter counting `key` per address and, for IPv6, its /48 too: refused when either is past its limit. */
export function withNetworkLimit(perAddress: RateLimiter, perNetwork: RateLimiter): RateLimiter {
  return {
    async hit(key): Promise<RateLimitDecision> {
      // The address first: a /64 already past its own limit does not use up its neighbours' /48 allowance.
      const own = await perAddress.hit(key);
      const network = ipv6Network48(key);
      if (!own.allowed || !network) return own;
      const wide = await perNetwork.hit(network);
      if (!wide.allowed) await perAddress.refund(key);
      return wide.allowed ? own : wide;
    },
    async check(key): Promise<RateLimitState> {
      const network = ipv6Network48(key);
      const own = await perAddress.check(key);
      if (!network) return own;
      const wide = await perNetwork.check(network);
      return wide.allowed ? own : wide;
    },
    async refund(key) {
      const network = ipv6Network48(key);
      if (network) await perNetwork.refund(network);
      await perAddress.refund(key);
    },
    async reset(key) {
      const network = ipv6Network48(key);
      if (network) await perNetwork.reset(network);
      await perAddress.reset(key);
    },
  };
}
