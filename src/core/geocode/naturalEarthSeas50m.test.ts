import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGazetteer } from './gazetteer.js';
import { naturalFeatures, scalerankWeight } from './naturalFeatures.js';
import { onLand110m } from '../../../test/support/land110m.js';

/**
 * The seas, gulfs, a bay and a channel copied from Natural Earth's ne_50m_geography_marine_polys into
 * scripts/naturalEarth (name, English name, class, scalerank, the GeoJSON's bounding box, ne_id): each
 * was a hand-written entry before, and is still found first by the names it had.
 */
interface MarineLine {
  ne_id: number;
  name: string;
  name_en: string;
  featurecla: string;
  scalerank: number;
  bbox: [number, number, number, number];
}
const file = path.resolve(import.meta.dirname, '../../../scripts/naturalEarth/ne_50m_geography_marine_polys.jsonl');
const extract: MarineLine[] = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l));

const onLand = onLand110m();
const line = (name: string) => {
  const found = extract.find((f) => f.name === name);
  if (!found) throw new Error(`${name} is not in the extract`);
  return found;
};

describe("seas, gulfs and a channel from Natural Earth's ne_50m_geography_marine_polys", () => {
  const gazetteer = createGazetteer();

  // query (the names the hand-written entry had), the feature's `name` in the file.
  it.each([
    ['Adriatic Sea', 'Adriatic Sea'],
    ['Adriatic', 'Adriatic Sea'],
    ['Tyrrhenian Sea', 'Tyrrhenian Sea'],
    ['Gulf of Bothnia', 'Gulf of Bothnia'],
    ['English Channel', 'English Channel'],
    ['La Manche', 'English Channel'],
    ['Gulf of California', 'Golfo de California'],
    ['Sea of Cortez', 'Golfo de California'],
    ['Golfo de California', 'Golfo de California'],
    ['Baltic Sea', 'Baltic Sea'],
    ['Baltic', 'Baltic Sea'],
    ['North Sea', 'North Sea'],
    ['Irish Sea', 'Irish Sea'],
    ['Bay of Biscay', 'Bay of Biscay'],
    ['Golfe de Gascogne', 'Bay of Biscay'],
    ['Golfo de Vizcaya', 'Bay of Biscay'],
    ['East China Sea', 'East China Sea'],
    ['Yellow Sea', 'Yellow Sea'],
    ['Aegean Sea', 'Aegean Sea'],
    ['Aegean', 'Aegean Sea'],
  ])("%s finds the file's %s first, on water inside its bounding box", (query, name) => {
    const f = line(name);
    const [first] = gazetteer.search(query);
    expect(first).toMatchObject({ name: f.name_en, kind: f.featurecla, source: 'Natural Earth', population: 0 });
    const [west, south, east, north] = f.bbox;
    expect(first.lon).toBeGreaterThanOrEqual(west);
    expect(first.lon).toBeLessThanOrEqual(east);
    expect(first.lat).toBeGreaterThanOrEqual(south);
    expect(first.lat).toBeLessThanOrEqual(north);
    expect(onLand([first.lon, first.lat]), `${name} at ${first.lat}, ${first.lon}`).toBe(false);
    // Where the box's centre lies on water the point is that centre, to the 0.01° the table keeps; else
    // the water point of the box nearest it (the Gulf of Bothnia's centre is on land at 1:50m).
    const [cLon, cLat] = [(west + east) / 2, (south + north) / 2];
    if (!onLand([cLon, cLat])) {
      if (name !== 'Gulf of Bothnia') {
        expect(first.lat).toBeCloseTo(cLat, 2);
        expect(first.lon).toBeCloseTo(cLon, 2);
      }
    }
  });

  it("weighs each feature by the file's scalerank, as the 1:110m layer's", () => {
    const features = naturalFeatures();
    for (const f of extract) {
      expect(features.find((n) => n.name === f.name_en), f.name).toMatchObject({ source: 'Natural Earth', weight: scalerankWeight(f.scalerank) });
    }
  });

  it('holds the Aegean Sea as the page at offset 1,072,000 gives it (a scalerank-4 feature: the pages after 912,000 were read later)', () => {
    expect(line('Aegean Sea')).toEqual({
      ne_id: 1159117123,
      name: 'Aegean Sea',
      name_en: 'Aegean Sea',
      namealt: null,
      featurecla: 'sea',
      scalerank: 4,
      min_label: 5.7,
      max_label: 10,
      bbox: [22.569093, 36.511493, 28.242287, 40.994604],
    });
  });

  it('keeps the seas not copied hand-written, found first', () => {
    expect(gazetteer.search('Ligurian Sea')[0]).toMatchObject({ name: 'Ligurian Sea', kind: 'sea', source: 'hand-written' });
    expect(gazetteer.search('Wadden Sea')[0]).toMatchObject({ name: 'Wadden Sea', kind: 'sea', source: 'hand-written' });
    expect(gazetteer.search('Bering Sea')[0]).toMatchObject({ name: 'Bering Sea', kind: 'sea', source: 'hand-written' });
  });
});
