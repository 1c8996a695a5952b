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

describe('natural features and English city names (namedFeatures.ts)', () => {
  it.each([
    ['Lake Baikal', 'Lake Baikal', 'lake'],
    ['baikal', 'Lake Baikal', 'lake'],
    ['Po valley', 'Po Valley', 'valley'],
    ['Pianura Padana', 'Po Valley', 'valley'],
    ['Serengeti', 'Serengeti National Park', 'national park'],
    ['Mount Kenya', 'Mount Kenya', 'mountain'],
    ['Sahara', 'Sahara', 'desert'],
    ['Adriatic', 'Adriatic Sea', 'sea'],
  ])('%s finds %s (%s) first', (query, name, kind) => {
    const [first] = gazetteer.search(query);
    expect(first).toMatchObject({ name, kind, population: 0 });
  });

  it('puts the feature where it is: Lake Baikal in southern Siberia, Mount Kenya on the equator', () => {
    const [baikal] = gazetteer.search('Lake Baikal');
    expect(baikal.country).toBe('Russia');
    expect(baikal.lat).toBeGreaterThan(51);
    expect(baikal.lat).toBeLessThan(56);
    expect(baikal.lon).toBeGreaterThan(103);
    expect(baikal.lon).toBeLessThan(110);
    const [kenya] = gazetteer.search('Mount Kenya');
    expect(Math.abs(kenya.lat)).toBeLessThan(0.5);
    expect(kenya.lon).toBeCloseTo(37.3, 0);
  });

  it('"Cologne" gives Köln, Germany first, before the villages named Cologne', () => {
    const results = gazetteer.search('Cologne');
    expect(results[0]).toMatchObject({ name: 'Köln', country: 'Germany', kind: 'city' });
    expect(results.some((r) => r.name === 'Cologne' && r.country === 'Italy')).toBe(true);
  });

  it('cities keep their population and kind', () => {
    expect(gazetteer.search('paris')[0]).toMatchObject({ kind: 'city', population: expect.any(Number) });
    expect(gazetteer.search('paris')[0].population).toBeGreaterThan(1_000_000);
  });
});
