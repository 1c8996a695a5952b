/** [minLon, minLat, maxLon, maxLat] in WGS84 degrees. */
export type LngLatBounds = [number, number, number, number];

/**
 * Reads the `x-image-bounds: minLon,minLat,maxLon,maxLat` header of /api/landsatImage. Anything
 * malformed gives null: an image placed on wrong bounds would mislead more than no overlay at all.
 */
export function parseImageBounds(header: string | null | undefined): LngLatBounds | null {
  if (!header) return null;
  const parts = header.split(',').map((p) => Number(p.trim()));
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [minLon, minLat, maxLon, maxLat] = parts;
  if (minLon < -180 || maxLon > 180 || minLat < -90 || maxLat > 90 || minLon >= maxLon || minLat >= maxLat) return null;
  return [minLon, minLat, maxLon, maxLat];
}
