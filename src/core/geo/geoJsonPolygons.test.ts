import { describe, expect, it } from 'vitest';
import { GeometryError, parseGeoJsonPolygons } from './geoJsonPolygons.js';

const square = [[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]];
const hole = [[0.25, 0.25], [0.25, 0.75], [0.75, 0.75], [0.75, 0.25], [0.25, 0.25]];

describe('parseGeoJsonPolygons', () => {
  it('reads a Polygon, a MultiPolygon, a Feature and a one-feature FeatureCollection, holes kept', () => {
    expect(parseGeoJsonPolygons({ type: 'Polygon', coordinates: [square, hole] })).toEqual([[square, hole]]);
    expect(parseGeoJsonPolygons({ type: 'MultiPolygon', coordinates: [[square], [hole]] })).toHaveLength(2);
    const feature = { type: 'Feature', properties: null, geometry: { type: 'Polygon', coordinates: [square] } };
    expect(parseGeoJsonPolygons(feature)).toEqual([[square]]);
    expect(parseGeoJsonPolygons({ type: 'FeatureCollection', features: [feature] })).toEqual([[square]]);
  });

  it.each([
    [{ type: 'FeatureCollection', features: [] }, /exactly one Feature/],
    [{ type: 'Point', coordinates: [0, 0] }, /Polygon or MultiPolygon/],
    [{ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1]]] }, /not closed/],
    [{ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [0, 0]]] }, /at least 4/],
    [{ type: 'Polygon', coordinates: [[[0, 0], [200, 0], [1, 1], [0, 0]]] }, /outside WGS 84/],
    [{ type: 'Polygon', coordinates: [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]] }, /self-intersecting/],
    // A hole poking out of its outer ring crosses it.
    [{ type: 'Polygon', coordinates: [square, [[0.5, 0.5], [0.5, 1.5], [0.8, 1.5], [0.8, 0.5], [0.5, 0.5]]] }, /self-intersecting: outer ring edge \d+ .* meets hole 1/],
  ])('refuses %j in words', (geometry, message) => {
    expect(() => parseGeoJsonPolygons(geometry)).toThrow(GeometryError);
    expect(() => parseGeoJsonPolygons(geometry)).toThrow(message);
  });
});
