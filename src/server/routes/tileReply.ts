import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The running software's name and version, for STAC `processing:software` and tile metadata. */
export const SOFTWARE_VERSION: string = (() => {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
  return `${pkg.name} ${pkg.version}`;
})();

/** A year: what "keep for ever" means to caches (RFC 9111 advises no more). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export const TILE_MEDIA_TYPE = { png: 'image/png', webp: 'image/webp', tif: 'image/tiff; application=geotiff' } as const;

/**
 * Sends bytes with a strong ETag (a hash of the bytes), answering 304 to a matching If-None-Match:
 * a browser or CDN revalidating a tile it kept gets no body.
 */
export function sendCachedBytes(req: FastifyRequest, reply: FastifyReply, bytes: Buffer, mediaType: string, cacheControl: string) {
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
  void reply.header('etag', etag).header('cache-control', cacheControl).header('vary', 'accept-encoding');
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((m) => m.trim().replace(/^W\//, '') === etag || m.trim() === '*')) return reply.code(304).send();
  return reply.type(mediaType).send(bytes);
}

/** The request's query string as sent (for the tile URLs a TileJSON or WMTS document lists). */
export function queryOf(req: FastifyRequest): string {
  const at = req.url.indexOf('?');
  return at < 0 ? '' : req.url.slice(at + 1);
}
