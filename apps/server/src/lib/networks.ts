import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** loopback, linklocal and uniquelocal: the range names TRUST_PROXY and SCHOOL_NETWORKS accept. */
const RANGE_NAMES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** One entry of an address list: an address, a CIDR range or one of the range names. */
export function isNetworkEntry(entry: string): boolean {
  if (entry in RANGE_NAMES) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  // net.isIP refuses the short IPv4 forms ('10.0.0') that ipaddr.js would read.
  if (!net.isIP(address) || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (net.isIPv4(address) ? 32 : 128);
}

/**
 * A test of whether an address lies in any of the entries (addresses, CIDR ranges, range names).
 * IPv4 addresses written as IPv6 (`::ffff:10.0.0.1`) count as the IPv4 address.
 */
export function networkMatcher(entries: readonly string[]): (address: string) => boolean {
  const ranges = entries
    .flatMap((entry) => RANGE_NAMES[entry] ?? [entry.includes('/') ? entry : `${entry}/${ipaddr.parse(entry).kind() === 'ipv4' ? 32 : 128}`])
    .map((range) => ipaddr.parseCIDR(range));
  if (!ranges.length) return () => false;
  return (address) => {
    let parsed: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      parsed = ipaddr.process(address);
    } catch {
      return false;
    }
    return ranges.some(([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits));
  };
}
