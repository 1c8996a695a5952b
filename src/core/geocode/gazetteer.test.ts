import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGazetteer, foldName } from './gazetteer.js';

const gazetteer = createGazetteer();

describe('gazetteer', () => {
  it('folds accents and case', () => {
    expect(foldName('São Paulo')).toBe('sao paulo');
  });

  it('ranks an exact name first, then by population', () => {
    const results = gazetteer.search('paris');
    expect(results[0]).toMatchObject({ name: 'Paris', country: 'France' });
    expect(results[0].lat).toBeCloseTo(48.85, 1);
    const exact = results.filter((r) => r.name === 'Paris');
    for (let i = 1; i < exact.length; i++) expect(exact[i - 1].population).toBeGreaterThanOrEqual(exact[i].population);
  });

  it('finds by prefix and without accents, at most the limit', () => {
    const results = gazetteer.search('sao pa', 10);
    expect(results.length).toBeLessThanOrEqual(10);
    expect(results[0].name).toBe('São Paulo');
  });

  it('finds the default Ontario point town', () => {
    const [first] = gazetteer.search('Huntsville');
    expect(first.population).toBeGreaterThan(100_000); // Huntsville, Alabama outranks Ontario's
    const ontario = gazetteer.search('Huntsville').find((p) => p.country === 'Canada');
    expect(ontario?.lon).toBeCloseTo(-79.216, 2);
  });

  it('finds a later word of a name after the names that start with it', () => {
    const results = gazetteer.search('angeles', 10);
    expect(results.map((r) => r.name)).toContain('Los Angeles');
    const firstWordMatch = results.findIndex((r) => !foldName(r.name).startsWith('angeles'));
    expect(firstWordMatch).toBeGreaterThan(0);
    expect(results.slice(firstWordMatch).every((r) => !foldName(r.name).startsWith('angeles'))).toBe(true);
  });

  it('answers nothing for blank or unmatched queries', () => {
    expect(gazetteer.search('   ')).toEqual([]);
    expect(gazetteer.search('zzqxjv')).toEqual([]);
  });
});

describe('gazetteer regions', () => {
  it('tells same-named towns apart by their state or province', () => {
    const results = gazetteer.search('Huntsville');
    expect(results.find((p) => p.country === 'Canada')?.region).toBe('Ontario');
    expect(results.find((p) => p.country === 'United States' && p.population > 100_000)?.region).toBe('Alabama');
    expect(gazetteer.search('Paris')[0].region).toBe('Île-de-France');
    const labels = results.map((p) => `${p.name}, ${p.region}, ${p.country}`);
    expect(new Set(labels.slice(0, 5)).size).toBe(5);
  });
});

/** Natural Earth's outline of Lake Baikal (ne_110m_lakes), as copied into scripts/naturalEarth. */
function naturalEarthRing(name: string): [number, number][] {
  const file = path.resolve(import.meta.dirname, '../../../scripts/naturalEarth/ne_110m_lakes.jsonl');
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  return (lines.map((l) => JSON.parse(l) as { name: string; ring: [number, number][] }).find((f) => f.name === name) as { ring: [number, number][] }).ring;
}

/** Even-odd ray casting: whether [lon, lat] lies inside the ring. */
function inside([x, y]: [number, number], ring: [number, number][]): boolean {
  let within = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) within = !within;
  }
  return within;
}

describe('natural features and English city names (naturalFeatures.ts)', () => {
  it.each([
    ['Lake Baikal', 'Lake Baikal', 'lake', 'Natural Earth'],
    ['baikal', 'Lake Baikal', 'lake', 'Natural Earth'],
    ['Mount Kenya', 'Mount Kenya', 'mountain', 'Natural Earth'],
    ['Mt. Kenya', 'Mount Kenya', 'mountain', 'Natural Earth'],
    ['Mont Blanc', 'Mont Blanc', 'mountain', 'Natural Earth'],
    ['Monte Bianco', 'Mont Blanc', 'mountain', 'Natural Earth'],
    ['Everest', 'Mount Everest', 'mountain', 'Natural Earth'],
    ['Lake Titicaca', 'Titicaca', 'lake', 'Natural Earth'],
    ['Death Valley', 'Death Valley', 'depression', 'Natural Earth'],
    // Not in the Natural Earth layers read (scripts/naturalEarth/README.md): hand-written. Natural Earth's
    // 1:110m regions layer (ne_110m_geography_regions_polys) names 60 regions, not the Po Valley or the
    // Kalahari; its parks layer covers the United States only.
    ['Po valley', 'Po Valley', 'valley', 'hand-written'],
    ['Pianura Padana', 'Po Valley', 'valley', 'hand-written'],
    ['Serengeti', 'Serengeti National Park', 'national park', 'hand-written'],
    ['Kalahari', 'Kalahari Desert', 'desert', 'hand-written'],
    // From ne_110m_geography_regions_polys (the hand-written entries of the same regions are gone;
    // naturalEarthRegions.test.ts checks their points against the file).
    ['Sahara', 'Sahara', 'desert', 'Natural Earth'],
    ['Gobi', 'Gobi Desert', 'desert', 'Natural Earth'],
    ['Great Plains', 'Great Plains', 'plain', 'Natural Earth'],
    ['Tibetan Plateau', 'Tibetan Plateau', 'plateau', 'Natural Earth'],
    // Natural Earth's 1:110m marine layer holds the larger seas (Gulf of Mexico, below), not these; the
    // 1:50m layer's features copied (naturalEarthSeas50m.test.ts) give these, the Aegean among them.
    ['Adriatic', 'Adriatic Sea', 'sea', 'Natural Earth'],
    ['Gulf of Bothnia', 'Gulf of Bothnia', 'gulf', 'Natural Earth'],
    ['Baltic Sea', 'Baltic Sea', 'sea', 'Natural Earth'],
    ['Aegean Sea', 'Aegean Sea', 'sea', 'Natural Earth'],
    // The national parks of the United States come from Natural Earth's parks layer (naturalEarthParks.test.ts).
    ['Yellowstone', 'Yellowstone National Park', 'national park', 'Natural Earth'],
    // From ne_110m_geography_marine_polys (the hand-written entries of the same seas are gone).
    ['Gulf of Mexico', 'Gulf of Mexico', 'gulf', 'Natural Earth'],
    ['Persian Gulf', 'Persian Gulf', 'gulf', 'Natural Earth'],
    ['Arabian Gulf', 'Persian Gulf', 'gulf', 'Natural Earth'],
    ['Red Sea', 'Red Sea', 'sea', 'Natural Earth'],
    ['Caspian', 'Caspian Sea', 'sea', 'Natural Earth'],
    ['Hudson Bay', 'Hudson Bay', 'bay', 'Natural Earth'],
    ['East Sea', 'Sea of Japan', 'sea', 'Natural Earth'],
  ])('%s finds %s (%s, %s) first', (query, name, kind, source) => {
    const [first] = gazetteer.search(query);
    expect(first).toMatchObject({ name, kind, source, population: 0 });
  });

  // Expected points from Natural Earth's GeoJSON as read (nvkelso/natural-earth-vector,
  // geojson/ne_50m_geography_regions_elevation_points.geojson at 693f11422f4e08d2da4566b854dda53eb7c39fb3):
  // "Mt. Kenya" [37.299935,-0.150072], "Mont Blanc" [6.865043,45.833679].
  it.each([
    ['Mount Kenya', -0.150072, 37.299935],
    ['Mont Blanc', 45.833679, 6.865043],
  ])("puts %s on Natural Earth's point", (query, lat, lon) => {
    const [first] = gazetteer.search(query);
    expect(first.lat).toBeCloseTo(lat, 6);
    expect(first.lon).toBeCloseTo(lon, 6);
  });

  it("puts Lake Baikal inside Natural Earth's outline of it", () => {
    const [baikal] = gazetteer.search('Lake Baikal');
    // The layer's own bounding box of the lake (geojson/ne_110m_lakes.geojson at 84c039951fc3ccdf97968687ccda67824afa833f).
    expect(baikal.lon).toBeGreaterThan(103.620011);
    expect(baikal.lon).toBeLessThan(109.929807);
    expect(baikal.lat).toBeGreaterThan(51.460012);
    expect(baikal.lat).toBeLessThan(55.730914);
    expect(inside([baikal.lon, baikal.lat], naturalEarthRing('Lake Baikal'))).toBe(true);
    // The bounding box's centre, which a simpler label point would use, is on land.
    expect(inside([(103.620011 + 109.929807) / 2, (51.460012 + 55.730914) / 2], naturalEarthRing('Lake Baikal'))).toBe(false);
  });

  it('ranks a big feature before small towns of its name, and a city before a feature it only shares a word with', () => {
    // Mount Washington (Natural Earth scalerank 3, weighed like a city of 1 million) before the town of
    // Mount Washington, Kentucky (14,028 people in GeoNames), which follows it.
    const washington = gazetteer.search('Mount Washington');
    expect(washington[0]).toMatchObject({ name: 'Mount Washington', kind: 'mountain', source: 'Natural Earth' });
    expect(washington[1]).toMatchObject({ name: 'Mount Washington', kind: 'city' });
    // "Victoria" is first a city: Lake Victoria's name only contains the word; "Lake Victoria" finds the lake.
    expect(gazetteer.search('Victoria')[0].kind).toBe('city');
    expect(gazetteer.search('Lake Victoria')[0]).toMatchObject({ name: 'Lake Victoria', kind: 'lake', source: 'Natural Earth' });
  });

  it('names the country the hand-written additions give: Lake Baikal in Russia, Mount Kenya in Kenya', () => {
    const [baikal] = gazetteer.search('Lake Baikal');
    expect(baikal.country).toBe('Russia');
    expect(baikal.lat).toBeGreaterThan(51);
    expect(baikal.lat).toBeLessThan(56);
    expect(baikal.lon).toBeGreaterThan(103);
    expect(baikal.lon).toBeLessThan(110);
    const [kenya] = gazetteer.search('Mount Kenya');
    expect(kenya.country).toBe('Kenya');
  });

  it('"Cologne" gives Köln, Germany first, before the villages named Cologne', () => {
    const results = gazetteer.search('Cologne');
    expect(results[0]).toMatchObject({ name: 'Köln', country: 'Germany', kind: 'city' });
    expect(results.some((r) => r.name === 'Cologne' && r.country === 'Italy')).toBe(true);
  });

  it('cities keep their population and kind, and carry no feature source', () => {
    expect(gazetteer.search('paris')[0]).toMatchObject({ kind: 'city', population: expect.any(Number) });
    expect(gazetteer.search('paris')[0]).not.toHaveProperty('source');
    expect(gazetteer.search('paris')[0].population).toBeGreaterThan(1_000_000);
  });
});

/** The features of Natural Earth's ne_10m_geography_regions_points as copied into scripts/naturalEarth. */
function regionsPoints(): { name: string; name_en: string | null; featurecla: string; coordinates: [number, number] }[] {
  const file = path.resolve(import.meta.dirname, '../../../scripts/naturalEarth/ne_10m_geography_regions_points.jsonl');
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

describe("capes, islands and waterfalls from Natural Earth's ne_10m_geography_regions_points", () => {
  const extract = regionsPoints();
  // query, the feature's `name` in the file, the kind the search gives its class
  it.each([
    ['Cape of Good Hope', 'Cape of Good Hope', 'cape'],
    ['Cape Horn', 'Cabo de Hornos', 'cape'],
    ['Cabo de Hornos', 'Cabo de Hornos', 'cape'],
    ['Nordkapp', 'Nordkapp', 'cape'],
    ['Easter Island', 'I. de Pascua', 'island'],
    ['Niagara Falls', 'Niagara Falls', 'waterfall'],
    ['Iguazu Falls', 'Iguazu Falls', 'waterfall'],
    ['Angel Falls', 'Salto Angel', 'waterfall'],
    ['Plain of Jars', 'Plain of Jars', 'plain'],
    ['Tristan da Cunha', 'Tristan da Cunha', 'island'],
  ])("%s finds the file's %s (%s) first, at the file's point", (query, fileName, kind) => {
    const feature = extract.find((f) => f.name === fileName);
    expect(feature).toBeDefined();
    const [first] = gazetteer.search(query);
    expect(first).toMatchObject({ name: feature?.name_en ?? fileName, kind, source: 'Natural Earth', population: 0 });
    expect(first.lon).toBe(feature?.coordinates[0]);
    expect(first.lat).toBe(feature?.coordinates[1]);
  });

  it('ranks the place most people mean first when a town and a feature share a name', () => {
    // A waterfall of scalerank 3 (weighed like a city of 1 million) before the town named after it
    // (Victoria Falls, Zimbabwe: 35,761 people in GeoNames).
    const falls = gazetteer.search('Victoria Falls');
    expect(falls[0]).toMatchObject({ kind: 'waterfall', source: 'Natural Earth' });
    expect(falls[1]).toMatchObject({ name: 'Victoria Falls', kind: 'city', country: 'Zimbabwe' });
    // A capital (San Salvador: 525,990 people) before the island of scalerank 5 (weighed like 100,000).
    const salvador = gazetteer.search('San Salvador');
    expect(salvador[0]).toMatchObject({ name: 'San Salvador', kind: 'city', country: 'El Salvador' });
    expect(salvador.findIndex((p) => p.kind === 'island')).toBeGreaterThan(0);
    // Two capes of one name, told apart by country (Australia's; Greenland has no town of 1,000 within 100 km).
    const york = gazetteer.search('Cape York').filter((p) => p.kind === 'cape');
    expect(york).toHaveLength(2);
    expect(york.map((p) => p.country).sort()).toEqual(['', 'Australia']);
  });

  it('gives a waterfall on a border no country, an island off a coast the country of its towns', () => {
    expect(gazetteer.search('Niagara Falls')[0].country).toBe('');
    expect(gazetteer.search('Easter Island')[0].country).toBe('Chile');
  });
});
