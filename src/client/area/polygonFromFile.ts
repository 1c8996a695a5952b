/**
 * A polygon file a person has (GeoJSON from QGIS or geojson.io, KML from Google Earth) as the
 * GeoJSON geometry /api/area takes. The server checks the geometry; this only reads the file.
 */
export function polygonFromFile(name: string, text: string): unknown {
  if (/\.kml$/i.test(name) || /^\s*<\?xml|<kml[\s>]/i.test(text)) return kmlToGeoJson(text);
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${name} is neither GeoJSON nor KML: it does not parse as JSON.`);
  }
}

const ringOf = (coordinates: string): number[][] =>
  coordinates
    .trim()
    .split(/\s+/)
    .map((tuple) => tuple.split(',').slice(0, 2).map(Number));

/** KML Polygons (outer and inner boundaries; KML writes lon,lat[,alt]) as a GeoJSON Polygon or MultiPolygon. */
export function kmlToGeoJson(text: string): unknown {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) throw new Error('The KML file is not well-formed XML.');
  const polygons = Array.from(doc.getElementsByTagNameNS('*', 'Polygon')).map((polygon) => {
    const outer = polygon.getElementsByTagNameNS('*', 'outerBoundaryIs')[0]?.getElementsByTagNameNS('*', 'coordinates')[0]?.textContent ?? '';
    const inner = Array.from(polygon.getElementsByTagNameNS('*', 'innerBoundaryIs')).map((b) => b.getElementsByTagNameNS('*', 'coordinates')[0]?.textContent ?? '');
    return [ringOf(outer), ...inner.map(ringOf)];
  });
  if (polygons.length === 0) throw new Error('The KML file holds no Polygon.');
  return polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0] } : { type: 'MultiPolygon', coordinates: polygons };
}
