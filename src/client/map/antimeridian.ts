type Position = GeoJSON.Position;

/**
 * world-atlas shapes are spherical (drawn with d3-geo): a ring crossing the antimeridian (Russia's
 * Chukotka, Fiji) simply steps from 179.9 to -179.9. On Leaflet's flat map that step draws a band
 * across the whole world. Unwrapping makes each step shorter than 180 degrees (Chukotka continues
 * east of 180, where Leaflet draws it beside the date line); a closed ring that still ends a full
 * turn from its start goes round a pole (Antarctica) and is left as it is.
 */
export function unwrapLongitudes(line: Position[], closed: boolean): Position[] {
  if (line.length < 2) return line;
  const out: Position[] = [line[0]];
  let offset = 0;
  let shifted = false;
  for (let i = 1; i < line.length; i++) {
    const prev = out[i - 1][0];
    let lon = line[i][0] + offset;
    while (lon - prev > 180) {
      lon -= 360;
      offset -= 360;
    }
    while (prev - lon > 180) {
      lon += 360;
      offset += 360;
    }
    if (offset !== 0) shifted = true;
    out.push(lon === line[i][0] ? line[i] : [lon, ...line[i].slice(1)]);
  }
  if (!shifted) return line;
  if (closed && Math.abs(out[out.length - 1][0] - out[0][0]) > 180) return line;
  // Keep most of the shape on the main copy of the world.
  const mean = out.reduce((sum, p) => sum + p[0], 0) / out.length;
  const recentre = mean > 180 ? -360 : mean < -180 ? 360 : 0;
  return recentre === 0 ? out : out.map((p) => [p[0] + recentre, ...p.slice(1)]);
}

const ring = (r: Position[]) => unwrapLongitudes(r, true);
const open = (l: Position[]) => unwrapLongitudes(l, false);

function fixGeometry(geometry: GeoJSON.Geometry): GeoJSON.Geometry {
  switch (geometry.type) {
    case 'Polygon':
      return { ...geometry, coordinates: geometry.coordinates.map(ring) };
    case 'MultiPolygon':
      return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(ring)) };
    case 'LineString':
      return { ...geometry, coordinates: open(geometry.coordinates) };
    case 'MultiLineString':
      return { ...geometry, coordinates: geometry.coordinates.map(open) };
    default:
      return geometry;
  }
}

export function fixAntimeridianFeatures(collection: GeoJSON.FeatureCollection): GeoJSON.FeatureCollection {
  return { ...collection, features: collection.features.map((f) => (f.geometry ? { ...f, geometry: fixGeometry(f.geometry) } : f)) };
}

export function fixAntimeridianLines(lines: GeoJSON.MultiLineString): GeoJSON.MultiLineString {
  return fixGeometry(lines) as GeoJSON.MultiLineString;
}
