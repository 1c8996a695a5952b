import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { clientKey } from './notifications/clientKey.js';

/**
 * Calls that never count against a client's budget: the load balancer's and monitoring's health and
 * metrics probes, and the page with its static files (cheap, and a client that spent its budget on
 * searches must still load the page that tells it so).
 */
export function isOutsideRateLimit(req: FastifyRequest): boolean {
  const pathname = req.url.split('?')[0];
  return pathname === '/api/health' || pathname === '/api/metrics' || !(pathname === '/api' || pathname.startsWith('/api/'));
}

/**
 * @fastify/rate-limit's settings: `maxPerMinute` per client, counted under the client's address
 * (IPv4, or the /64 of IPv6) as `req.ip` gives it, which behind TRUST_PROXY is the address the
 * trusted proxies report. A route may set its own `config.rateLimit` (the notification routes do).
 */
export function rateLimitOptions(maxPerMinute: number): RateLimitPluginOptions {
  return {
    max: maxPerMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => clientKey(req.ip),
    allowList: (req) => isOutsideRateLimit(req),
    // An Error, not a plain object: the plugin throws what this returns, and a route's own error
    // handler (the area and compare routes say their body limit in words) passes only Errors on to the
    // app's handler intact; a plain object went out as the route's payload (200 or a 500 from its schema).
    errorResponseBuilder: (_req, context) =>
      Object.assign(new Error(`Too many requests from this client: at most ${context.max} ${context.after === '1 minute' ? 'a minute' : `in ${context.after}`}. Try again in ${Math.ceil(context.ttl / 1000)} s.`), {
        statusCode: 429,
        code: 'rate_limited',
      }),
  };
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`: unset trusts nobody (req.ip is the socket's peer); a whole
 * number is how many proxy hops in front of the server to trust (1 behind one load balancer); else a
 * comma-separated list of proxy addresses or CIDR ranges (or proxy-addr's names loopback, linklocal,
 * uniquelocal). Returns an error message for anything else.
 */
export function parseTrustProxy(value: string | undefined): { trustProxy: false | ((address: string, hop: number) => boolean) | string[] } | { error: string } {
  if (value === undefined || value.trim() === '') return { trustProxy: false };
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 10) return { error: `TRUST_PROXY as a hop count must be 1 to 10, got ${text}` };
    // Fastify 5 reads a bare number as "trust nobody" (a hop count cannot tell the balancer from a
    // client that reached the server directly); as a function it trusts the first `hops` peers, hop 0
    // being the socket's. Use it only where clients can reach the server through the balancer alone.
    return { trustProxy: (_address, hop) => hop < hops };
  }
  const entries = text.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = entries.filter((entry) => {
    if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return false;
    const [address, bits, extra] = entry.split('/');
    const family = net.isIP(address);
    if (family === 0 || extra !== undefined) return true;
    if (bits === undefined) return false;
    return !/^\d+$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128);
  });
  if (bad.length > 0 || entries.length === 0) {
    return { error: `TRUST_PROXY must be a hop count (e.g. 1) or proxy addresses/CIDR ranges separated by commas (e.g. 10.0.0.0/8,127.0.0.1); cannot read ${bad.map((b) => `"${b}"`).join(', ') || 'an empty list'}` };
  }
  return { trustProxy: entries };
}
