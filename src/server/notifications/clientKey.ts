import net from 'node:net';

/**
 * The key a per-client limit counts under: the IPv4 address, or the /64 of an IPv6 address. One
 * IPv6 subscriber line usually gets a whole /64 (RFC 6177), so counting single addresses would let one
 * client rotate through 2^64 of them.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (net.isIPv6(ip)) return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros ("2001:db8::1" → 2001,db8,0,…,1). */
function expandIpv6(ip: string): string[] {
  const address = ip.split('%')[0]; // drop a zone id (fe80::1%eth0)
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':') : []);
  const left = parse(head);
  const right = parse(tail);
  // An embedded IPv4 tail ("::1.2.3.4") is two groups.
  const last = right.length ? right : left;
  const v4 = last.length && last[last.length - 1].includes('.') ? last.pop()!.split('.').map(Number) : null;
  if (v4) last.push(((v4[0] << 8) | v4[1]).toString(16), ((v4[2] << 8) | v4[3]).toString(16));
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g || '0', 16).toString(16));
}
