import net from 'node:net';
import type { Context } from 'koa';

/**
 * Which proxies may name the client (TRUST_PROXY): unset = none (the socket address is the client), a number =
 * that many hops in front of the server, or a comma list of addresses/CIDRs of trusted proxies.
 */
export type TrustProxy = { hops: number } | { list: net.BlockList };

export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  const v = (value ?? '').trim();
  if (!v || v === '0' || v === 'false') return undefined;
  if (/^\d{1,2}$/.test(v)) return { hops: Number(v) };
  const list = new net.BlockList();
  for (const part of v.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [addr, bits] = part.split('/') as [string, string | undefined];
    const family = net.isIPv6(addr) ? 'ipv6' : net.isIPv4(addr) ? 'ipv4' : undefined;
    if (!family || (bits !== undefined && !/^\d{1,3}$/.test(bits))) throw new Error(`TRUST_PROXY: "${part}" is neither a hop count nor an address or CIDR`);
    if (bits === undefined) list.addAddress(addr, family);
    else list.addSubnet(addr, Number(bits), family);
  }
  return { list };
}

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, how a dual-stack socket reports it) as plain IPv4. */
const plain = (ip: string) => (ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip);
const familyOf = (ip: string) => (net.isIPv6(ip) ? 'ipv6' : 'ipv4');

/**
 * The client's address: the socket's, or — behind trusted proxies — the right-most X-Forwarded-For entry that
 * is not itself a trusted proxy (entries further left are whatever the client wrote). Runs on every logged
 * request, so without the regular expression and the arrays of a split-map-filter.
 */
export function clientIp(ctx: Pick<Context, 'get' | 'socket'>, trust: TrustProxy | undefined): string {
  const socket = plain(ctx.socket?.remoteAddress ?? '');
  if (!trust) return socket;
  const header = ctx.get('x-forwarded-for');
  const chain: string[] = [];
  if (header) {
    for (const part of header.split(',')) {
      const ip = plain(part.trim());
      if (net.isIP(ip)) chain.push(ip);
    }
  }
  chain.push(socket);
  if ('hops' in trust) return chain[Math.max(0, chain.length - 1 - trust.hops)] ?? socket;
  let i = chain.length - 1;
  while (i > 0 && trust.list.check(chain[i]!, familyOf(chain[i]!))) i--;
  return chain[i] ?? socket;
}
