import type { Place } from './gazetteer.js';
import type { ParsedCoordinates } from './parseCoordinates.js';

/** A typed point as a search result: named by its coordinates with hemispheres ("45.50000° N, 73.60000° W"). */
export function coordinatesPlace({ lat, lon }: ParsedCoordinates): Place {
  const name = `${Math.abs(lat).toFixed(5)}° ${lat < 0 ? 'S' : 'N'}, ${Math.abs(lon).toFixed(5)}° ${lon < 0 ? 'W' : 'E'}`;
  return { name, kind: 'coordinates', country: '', lat, lon, population: 0 };
}
