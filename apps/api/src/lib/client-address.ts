import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The socket's peer address, or undefined when there is no socket (in-process test requests). */
export function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** `::ffff:10.1.2.3` → `10.1.2.3`; other addresses unchanged. */
function unmapIPv4(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * Works out a request's client address for rate limiting: the socket's peer, or — when the peer
 * is one of `trustedProxies` (TRUSTED_PROXIES: addresses or CIDR ranges) — the rightmost
 * X-Forwarded-For entry that is not a trusted proxy. A client-sent X-Forwarded-For is never
 * believed on its own, so a client cannot pick its own rate-limit bucket.
 */
export function createClientAddressResolver(trustedProxies: readonly string[]) {
  const trusted = new BlockList();
  for (const entry of trustedProxies) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) trusted.addAddress(address, family);
    else trusted.addSubnet(address, Number(prefix), family);
  }
  const isTrusted = (address: string) => {
    const version = isIP(address);
    return version !== 0 && trusted.check(address, version === 6 ? 'ipv6' : 'ipv4');
  };

  return (c: Context): string | undefined => {
    const peer = socketAddress(c);
    if (!peer) return undefined;
    const chain = [
      ...(c.req.header('x-forwarded-for') ?? '')
        .split(',')
        .map((hop) => unmapIPv4(hop.trim()))
        .filter(Boolean),
      unmapIPv4(peer),
    ];
    if (trustedProxies.length === 0) return chain[chain.length - 1];
    for (let i = chain.length - 1; i >= 0; i -= 1) {
      const hop = chain[i];
      if (hop === undefined) continue;
      if (!isTrusted(hop) || i === 0) return hop;
    }
    return unmapIPv4(peer);
  };
}

/**
 * The rate-limit bucket of an address: IPv4 as is, IPv6 by its /64 prefix (one subscriber
 * usually holds a whole /64 and could otherwise change address at will).
 */
export function addressBucket(address: string | undefined): string {
  if (!address) return 'unknown';
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
