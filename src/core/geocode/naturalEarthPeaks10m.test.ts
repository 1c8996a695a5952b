import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGazetteer } from './gazetteer.js';
import { FEATURE_WEIGHT } from './namedFeatures.js';
import { NATURAL_EARTH_ROWS } from './naturalEarthFeatures.js';
import { naturalFeatures, scalerankWeight } from './naturalFeatures.js';

/**
 * The peaks of Natural Earth's ne_10m_geography_regions_elevation_points copied into scripts/naturalEarth
 * (all 711 features of the layer, 48 pages read). The summits that were hand-written entries before (the
 * Matterhorn, Etna, Fuji ...) come from it now and are still found first by the names those entries had.
 */
interface PeakLine {
  name: string | null;
  name_en: string | null;
  featurecla: string;
  scalerank: number;
  elevation: number;
  coordinates: [number, number];
}
const file = path.resolve(import.meta.dirname, '../../../scripts/naturalEarth/ne_10m_geography_regions_elevation_points.jsonl');
const extract: PeakLine[] = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l));

describe("summits from Natural Earth's ne_10m_geography_regions_elevation_points", () => {
  const gazetteer = createGazetteer();

  it("holds the layer as the GeoJSON gives it: 711 features, the first and last as read", () => {
    expect(extract).toHaveLength(711);
    // geojson/ne_10m_geography_regions_elevation_points.geojson at ace5fed0eaf3c6c03c951e75b439ba8fffbc218e:
    // the first feature is "Jabal al Uwaynt" (elevation 1934, [24.983412,21.916493]), the last an
    // unnamed spot elevation "Cocos Islands High Point" (5 m, [96.90005,-12.179896]).
    expect(extract[0]).toMatchObject({ name: 'Jabal al Uwaynt', name_en: 'Jabal Arkanu', featurecla: 'mountain', scalerank: 7, elevation: 1934, coordinates: [24.983412, 21.916493] });
    expect(extract.at(-1)).toMatchObject({ name: null, featurecla: 'spot elevation', elevation: 5, coordinates: [96.90005, -12.179896] });
  });

  // query (a name the hand-written entry had), the name the search gives, and from the GeoJSON as read:
  // the feature's `name`, [lon, lat], elevation in metres, scalerank.
  it.each([
    ['Matterhorn', 'Matterhorn', 'Matterhorn', [7.729584, 45.938172], 4478, 6],
    ['Monte Cervino', 'Matterhorn', 'Matterhorn', [7.729584, 45.938172], 4478, 6],
    ['Etna', 'Mount Etna', 'Monte Etna', [14.99514, 37.755121], 3322, 6],
    ['Mongibello', 'Mount Etna', 'Monte Etna', [14.99514, 37.755121], 3322, 6],
    ['Vesuvius', 'Mount Vesuvius', 'Vesuvio', [14.433374, 40.816722], 1281, 6],
    ['Olympus', 'Mount Olympus', 'Mount Olympus', [22.350123, 40.083251], 2917, 6],
    ['Mount Olympus', 'Mount Olympus', 'Mount Olympus', [22.350123, 40.083251], 2917, 6],
    ['Ararat', 'Mount Ararat', 'Mount Ararat', [44.299957, 39.700097], 5137, 9],
    ['Zugspitze', 'Zugspitze', 'Zugspitze', [10.979975, 47.419977], 2963, 9],
    ['Ben Nevis', 'Ben Nevis', 'Ben Nevis', [-5.004992, 56.797003], 1343, 6],
    ['Fuji', 'Mount Fuji', 'Fuji', [138.730941, 35.357921], 3776, 6],
    ['Fujisan', 'Mount Fuji', 'Fuji', [138.730941, 35.357921], 3776, 6],
    ['Mount Rainier', 'Mount Rainier', 'Mount Rainier', [-121.759997, 46.849971], 4392, 9],
    ['Mauna Kea', 'Mauna Kea', 'Mauna Kea', [-155.468141, 19.820493], 4205, 6],
    ['Popocatepetl', 'Popocatépetl', 'Volcán Popocatépetl', [-98.622611, 19.03419], 5420, 6],
    ['Mount Cook', 'Aoraki / Mount Cook', 'Aoraki (Mount Cook)', [170.141128, -43.595657], 3754, 6],
    ['Aoraki', 'Aoraki / Mount Cook', 'Aoraki (Mount Cook)', [170.141128, -43.595657], 3754, 6],
    ['Uluru', 'Uluru', 'Uluru (Ayers Rock)', [131.036022, -25.345045], 863, 6],
    ['Ayers Rock', 'Uluru', 'Uluru (Ayers Rock)', [131.036022, -25.345045], 863, 6],
  ] as const)('%s finds %s first, on the point of the file\'s "%s"', (query, found, name, [lon, lat], elevation, scalerank) => {
    const line = extract.find((f) => f.name === name && f.coordinates[0] === lon);
    expect(line, name).toMatchObject({ featurecla: 'mountain', elevation, scalerank });
    const [first] = gazetteer.search(query);
    expect(first).toMatchObject({ name: found, kind: 'mountain', source: 'Natural Earth', population: 0 });
    expect(first.lat).toBeCloseTo(lat, 6);
    expect(first.lon).toBeCloseTo(lon, 6);
    const row = NATURAL_EARTH_ROWS.find((r) => r[0] === found && r[7] === lon);
    expect(row?.[5], 'elevation in the table').toBe(elevation);
  });

  it('gives the replaced entries their country and their weight, the others their scalerank only', () => {
    const features = naturalFeatures();
    expect(features.find((f) => f.name === 'Mount Etna')).toMatchObject({ country: 'IT', weight: FEATURE_WEIGHT });
    expect(features.find((f) => f.name === 'Mount Ararat')).toMatchObject({ country: 'TR', weight: FEATURE_WEIGHT });
    // The Greek Olympus only: the additions name a place (Washington's and Cyprus's keep their scalerank's weight).
    const olympus = features.filter((f) => f.name === 'Mount Olympus');
    expect(olympus.map((f) => [f.country, f.weight])).toEqual([
      ['GR', FEATURE_WEIGHT],
      ['', scalerankWeight(6)],
      ['', scalerankWeight(7)],
    ]);
    expect(features.find((f) => f.name === 'Teide')).toMatchObject({ country: '', weight: scalerankWeight(6) });
  });

  it('keeps a city before a peak of its name that no entry ranked by hand (Colima, a city of 137,000)', () => {
    expect(gazetteer.search('Colima')[0]).toMatchObject({ name: 'Colima', kind: 'city', country: 'Mexico' });
    expect(gazetteer.search('Colima')[1]).toMatchObject({ name: 'Colima', kind: 'mountain', source: 'Natural Earth' });
    // A mountain the hand-written list ranked keeps its place before the city of its name.
    expect(gazetteer.search('Fuji').map((r) => r.kind).slice(0, 2)).toEqual(['mountain', 'city']);
  });

  it('holds each 1:50m peak once (the 1:10m layer repeats it at the same point)', () => {
    expect(NATURAL_EARTH_ROWS.filter((r) => r[0] === 'Mount Everest')).toHaveLength(1);
    expect(NATURAL_EARTH_ROWS.filter((r) => r[0] === 'Mount Kilimanjaro')).toHaveLength(1);
    expect(NATURAL_EARTH_ROWS.filter((r) => r[0] === 'Death Valley')).toHaveLength(1);
    // The 1:50m layer's "Grandiozny Pk." is the 1:10m layer's "Grandiozny Peak", at the same point.
    expect(NATURAL_EARTH_ROWS.filter((r) => r[0].startsWith('Grandiozny'))).toHaveLength(1);
  });

  it('keeps the summits the layer lacks hand-written, found first', () => {
    expect(gazetteer.search('Eiger')[0]).toMatchObject({ name: 'Eiger', kind: 'mountain', source: 'hand-written' });
    expect(gazetteer.search('Table Mountain')[0]).toMatchObject({ name: 'Table Mountain', kind: 'mountain', source: 'hand-written' });
    expect(gazetteer.search('Cotopaxi')[0]).toMatchObject({ name: 'Cotopaxi', kind: 'mountain', source: 'hand-written' });
  });
});
