import { timingSafeEqual, createHash } from 'node:crypto';
import net from 'node:net';
import type { Middleware } from 'koa';

/** Who may read `GET /metrics`: nobody unless a bearer token or a list of scraper addresses is configured. */
export interface MetricsAccess {
  /** METRICS_TOKEN: `Authorization: Bearer <token>` opens it. */
  token?: string;
  /** METRICS_ALLOW: the scraper's own connection address (forwarded headers are ignored) is in this list. */
  allow?: net.BlockList;
}

/** `10.0.0.0/8, 127.0.0.1, ::1` → a block list; anything else stops the start with the setting named. */
export function parseAddressList(name: string, value: string): net.BlockList {
  const list = new net.BlockList();
  const parts = value.split(',').map((p) => p.trim()).filter(Boolean);
  if (!parts.length) throw new Error(`${name} must list addresses or CIDRs, got "${value.slice(0, 50)}"`);
  for (const part of parts) {
    const [addr, bits] = part.split('/') as [string, string | undefined];
    const family = net.isIPv6(addr) ? 'ipv6' : net.isIPv4(addr) ? 'ipv4' : undefined;
    const max = family === 'ipv6' ? 128 : 32;
    if (!family || (bits !== undefined && (!/^\d{1,3}$/.test(bits) || Number(bits) > max))) {
      throw new Error(`${name}: "${part.slice(0, 60)}" is not an address or CIDR`);
    }
    if (bits === undefined) list.addAddress(addr, family);
    else list.addSubnet(addr, Number(bits), family);
  }
  return list;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** True when the request carries the token or comes from an allowed address; always false when neither is set. */
export function metricsAllowed(access: MetricsAccess, authorization: string | undefined, remoteAddress: string | undefined): boolean {
  if (access.token && authorization?.startsWith('Bearer ')) {
    // Compared as digests: equal length, constant time, whatever was sent.
    if (timingSafeEqual(digest(authorization.slice(7).trim()), digest(access.token))) return true;
  }
  if (access.allow && remoteAddress) {
    const ip = remoteAddress.startsWith('::ffff:') && net.isIPv4(remoteAddress.slice(7)) ? remoteAddress.slice(7) : remoteAddress;
    if (access.allow.check(ip, net.isIPv6(ip) ? 'ipv6' : 'ipv4')) return true;
  }
  return false;
}

/**
 * `GET /metrics`, answered before the envelope, the guards and the request log: a scrape every few seconds
 * is not a request an operator wants logged. Closed access answers a bare 404, as if the route did not exist.
 */
export function serveMetrics(access: MetricsAccess, render: () => Promise<{ contentType: string; body: string }>): Middleware {
  return (ctx, next) => {
    if (ctx.path !== '/metrics' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    if (!metricsAllowed(access, ctx.get('authorization') || undefined, ctx.req.socket.remoteAddress)) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not Found';
      return;
    }
    return render().then(({ contentType, body }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.type = contentType;
      ctx.body = body;
    });
  };
}
