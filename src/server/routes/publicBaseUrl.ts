import type { FastifyRequest } from 'fastify';
import { ApiError } from '../apiError.js';

// RFC 3986 reg-name restricted to DNS host names (RFC 1123 labels), an IPv4 address, or an IPv6
// literal in brackets; then an optional port. Anything else in a Host header is refused, never copied.
const DNS_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;
const IPV6_LITERAL = /^\[[0-9a-f:.]{2,45}\]$/i;

/** Whether `host` (a Host header: name or address, optional port) is safe to build a link from. */
export function isValidHostHeader(host: string): boolean {
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(host);
  if (!m) return false;
  if (m[2] !== undefined && Number(m[2]) > 65535) return false;
  return DNS_NAME.test(m[1]) || IPV6_LITERAL.test(m[1]);
}

/**
 * The page's address for links in an answer: PUBLIC_URL when set; otherwise the address this request
 * used, after checking its Host is a host name. `fromRequest` tells the caller the answer depends on
 * the request's Host, so it must not be kept by shared caches.
 */
export function publicBaseUrl(req: FastifyRequest, publicUrl: string | undefined): { url: string; fromRequest: boolean } {
  if (publicUrl) return { url: publicUrl.replace(/\/+$/, ''), fromRequest: false };
  const host = req.host;
  if (!isValidHostHeader(host)) {
    const shown = host.length > 80 ? `${host.slice(0, 80)}…` : host;
    throw new ApiError(400, 'bad_host', `The Host header "${shown}" is not a host name, so no link to this server can be built from it. Ask with the server's name, or set PUBLIC_URL on the server.`);
  }
  return { url: `${req.protocol}://${host}`, fromRequest: true };
}
