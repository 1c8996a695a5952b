import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGazetteer } from './gazetteer.js';
import { FEATURE_WEIGHT, NAMED_FEATURES } from './namedFeatures.js';
import { NATURAL_EARTH_ROWS } from './naturalEarthFeatures.js';
import { naturalFeatures } from './naturalFeatures.js';
import { outerRingsExtent } from '../geo/geoJsonPolygons.js';
import { pointInRing } from '../geo/pointInRing.js';

/**
 * Lago di Garda from Natural Earth's main 1:10m lakes layer, geojson/ne_10m_lakes.geojson of
 * nvkelso/natural-earth-vector at commit 84c039951fc3ccdf97968687ccda67824afa833f (19 of its 260 pages read:
 * scripts/naturalEarth/README.md). It replaces the hand-written Lake Garda. Lake Maggiore is not in the pages
 * read under its name (the layer's "Lago di Como", on the same page, has Maggiore's outline and was not
 * copied): it stays hand-written.
 * The expected values below are copied from the GeoJSON page as read (offset 2,208,000).
 */
type Point = [number, number];
interface LakeLine {
  ne_id: number;
  name: string;
  name_en: string | null;
  name_alt: string | null;
  featurecla: string;
  scalerank: number;
  min_zoom: number;
  bbox: [number, number, number, number];
  ring: Point[];
}
const lakes = readFileSync(path.resolve(import.meta.dirname, '../../../scripts/naturalEarth/ne_10m_lakes.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as LakeLine);

describe("Lago di Garda from Natural Earth's ne_10m_lakes", () => {
  const gazetteer = createGazetteer();

  it('holds the feature as the GeoJSON page gives it, its ring closed and inside the layer’s box', () => {
    expect(lakes.map(({ ring: _ring, ...properties }) => properties)).toEqual([
      {
        ne_id: 1159116699,
        name: 'Lago di Garda',
        name_en: 'Lake Garda',
        name_alt: null,
        featurecla: 'Lake',
        scalerank: 7,
        min_zoom: 5.7,
        bbox: [10.5116, 45.449346, 10.869841, 45.895602],
      },
    ]);
    const [garda] = lakes;
    // Number of points, first and last point and a few vertices, copied from the page.
    expect(garda.ring).toHaveLength(63);
    expect(garda.ring[0]).toEqual([10.855123, 45.895602]);
    expect(garda.ring[1]).toEqual([10.86778, 45.879707]);
    expect(garda.ring[20]).toEqual([10.700876, 45.449346]);
    expect(garda.ring[35]).toEqual([10.5116, 45.498211]);
    expect(garda.ring.at(-2)).toEqual([10.841876, 45.884711]);
    expect(garda.ring.at(-1)).toEqual(garda.ring[0]);
    // The box of the copied ring is the box the layer gives the feature.
    expect(outerRingsExtent([[garda.ring]])).toEqual([10.5116, 45.449346, 10.869841, 45.895602]);
  });

  it.each(['Lake Garda', 'Lago di Garda', 'Benaco'])('%s finds Natural Earth’s Lake Garda first, on the water of its ring', (query) => {
    const [first] = gazetteer.search(query);
    expect(first).toMatchObject({ name: 'Lake Garda', kind: 'lake', country: 'Italy', source: 'Natural Earth', population: 0 });
    expect(pointInRing([first.lon, first.lat], lakes[0].ring), `Lake Garda at ${first.lat}, ${first.lon}`).toBe(true);
  });

  it('gives Lake Garda the replaced entry’s names, country and weight, one row, and no hand-written entry', () => {
    expect(naturalFeatures().find((f) => f.name === 'Lake Garda')).toMatchObject({
      country: 'IT',
      altNames: 'Lago di Garda,Benaco',
      weight: FEATURE_WEIGHT,
      source: 'Natural Earth',
    });
    expect(NATURAL_EARTH_ROWS.filter((r) => r[0] === 'Lake Garda')).toHaveLength(1);
    expect(NAMED_FEATURES.map((f) => f.name)).not.toContain('Lake Garda');
  });

  it('keeps Lake Maggiore hand-written, its point inside the box of the layer’s misnamed "Lago di Como"', () => {
    expect(gazetteer.search('Lake Maggiore')[0]).toMatchObject({ name: 'Lake Maggiore', kind: 'lake', source: 'hand-written' });
    const maggiore = NAMED_FEATURES.find((f) => f.name === 'Lake Maggiore')!;
    // "bbox" of the layer's feature named "Lago di Como" (ne_id 1159116693), page at offset 2,208,000.
    const [w, s, e, n] = [8.492851, 45.722222, 8.849031, 46.171716];
    expect(maggiore.lon > w && maggiore.lon < e && maggiore.lat > s && maggiore.lat < n).toBe(true);
    // Lago di Como itself comes from ne_10m_lakes_europe, east of that box (naturalEarthPlayasLakesEurope.test.ts).
    const como = naturalFeatures().filter((f) => f.name === 'Lago di Como');
    expect(como).toHaveLength(1);
    expect(como[0].lon).toBeGreaterThan(e);
  });
});
