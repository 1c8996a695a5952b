import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/support/testApp.js';
import { createGazetteer, type Gazetteer } from '../../core/geocode/gazetteer.js';
import { PLACE_INDEX_HANG_GUARD_MS } from '../../../test/support/hangGuards.js';

const huntsville = [{ name: 'Huntsville', altName: '', country: 'CA', adminCode: '08', population: 19816, loc: { coordinates: [-79.2165, 45.3267] as [number, number] } }];
const ontarioNamer = () => 'Ontario';

describe('GET /api/geocode', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('keeps answering other requests while the real index loads at start, and a search sent meanwhile waits for it', async () => {
    app = await buildTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' }); // onListen starts the load
    const { port } = app.server.address() as { port: number };
    const order: string[] = [];
    const search = fetch(`http://127.0.0.1:${port}/api/geocode?q=Huntsville&limit=3`).then(async (res) => {
      order.push('geocode');
      return { status: res.status, body: (await res.json()) as { name: string; region?: string; country: string }[] };
    });
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    order.push('health');
    const { status, body } = await search;
    expect(health.status).toBe(200);
    // The health answer did not wait for the ~2 s build (it would have, when the build held the event loop).
    expect(order).toEqual(['health', 'geocode']);
    expect(status).toBe(200);
    expect(body[0]).toMatchObject({ name: 'Huntsville', region: 'Alabama', country: 'United States' });
  }, PLACE_INDEX_HANG_GUARD_MS);

  it('answers a search once a slow load finishes, from one shared load', async () => {
    let loads = 0;
    let finish!: (g: Gazetteer) => void;
    app = await buildTestApp({}, { loadGazetteer: () => (loads++, new Promise<Gazetteer>((resolve) => (finish = resolve))) });
    const first = app.inject('/api/geocode?q=hunts');
    const second = app.inject('/api/geocode?q=Huntsville');
    await new Promise((r) => setTimeout(r, 20));
    finish(createGazetteer(huntsville, ontarioNamer));
    for (const res of [await first, await second]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([{ name: 'Huntsville', kind: 'city', region: 'Ontario', country: 'Canada', lat: 45.3267, lon: -79.2165, population: 19816 }]);
    }
    expect(loads).toBe(1);
  });

  it('answers 503 place_index_unavailable when the load fails, and loads anew on the next search', async () => {
    let loads = 0;
    const load = async () => {
      if (loads++ === 0) throw new Error('the place index thread stopped (exit code 1) before it sent the index');
      return createGazetteer(huntsville, ontarioNamer);
    };
    app = await buildTestApp({}, { loadGazetteer: load });
    const failed = await app.inject('/api/geocode?q=Huntsville');
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.code).toBe('place_index_unavailable');
    expect(failed.json().error.message).toMatch(/could not be loaded .*exit code 1.*try again/);
    const retried = await app.inject('/api/geocode?q=Huntsville');
    expect(retried.statusCode).toBe(200);
    expect(retried.json()[0].name).toBe('Huntsville');
    expect(loads).toBe(2);
  });

  it.each([
    ['45.5, -73.6', 45.5, -73.6, '45.50000° N, 73.60000° W'],
    ['45.5 -73.6', 45.5, -73.6, '45.50000° N, 73.60000° W'],
    ["45°30'N 73°36'W", 45.5, -73.6, '45.50000° N, 73.60000° W'],
    ['45 30 0 N 73 36 0 W', 45.5, -73.6, '45.50000° N, 73.60000° W'],
    ["33°55'S 18°25'E", -(33 + 55 / 60), 18 + 25 / 60, '33.91667° S, 18.41667° E'],
  ])('answers a typed point %s as one coordinates result, without the place index', async (q, lat, lon, name) => {
    app = await buildTestApp({}, { loadGazetteer: () => Promise.reject(new Error('not needed for a point')) });
    const res = await app.inject(`/api/geocode?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    const [place, ...rest] = res.json();
    expect(rest).toEqual([]);
    expect(place).toMatchObject({ kind: 'coordinates', name, population: 0 });
    expect(place.lat).toBeCloseTo(lat, 9);
    expect(place.lon).toBeCloseTo(lon, 9);
  });

  it('finds natural features and the city most people mean, from the real index', async () => {
    app = await buildTestApp();
    const first = async (q: string) => (await app!.inject(`/api/geocode?q=${encodeURIComponent(q)}`)).json()[0];
    expect(await first('Lake Baikal')).toMatchObject({ name: 'Lake Baikal', kind: 'lake', country: 'Russia', source: 'Natural Earth' });
    expect(await first('Po valley')).toMatchObject({ name: 'Po Valley', kind: 'valley', country: 'Italy', source: 'hand-written' });
    expect(await first('Serengeti')).toMatchObject({ name: 'Serengeti National Park', kind: 'national park', country: 'Tanzania', source: 'hand-written' });
    // Natural Earth's point for "Mt. Kenya" (ne_50m_geography_regions_elevation_points): [37.299935, -0.150072].
    expect(await first('Mount Kenya')).toMatchObject({ name: 'Mount Kenya', kind: 'mountain', country: 'Kenya', source: 'Natural Earth', lat: -0.150072, lon: 37.299935 });
    expect(await first('Mont Blanc')).toMatchObject({ name: 'Mont Blanc', kind: 'mountain', source: 'Natural Earth', lat: 45.833679, lon: 6.865043 });
    // ne_110m_geography_regions_polys: "SAHARA" (Desert), bbox [-17.072166, 9.34101, 38.461436, 34.60871], whose centre is on land.
    expect(await first('Sahara')).toMatchObject({ name: 'Sahara', kind: 'desert', source: 'Natural Earth', lat: 21.97, lon: 10.69 });
    expect(await first('Kalahari')).toMatchObject({ name: 'Kalahari Desert', kind: 'desert', source: 'hand-written' });
    // Natural Earth's ne_110m_geography_marine_polys gives the Gulf of Mexico (featurecla "gulf"), its
    // ne_50m_geography_marine_polys the Adriatic: bbox [12.225487, 39.743104, 19.998397, 45.771393], whose
    // centre is on water, and the Aegean.
    expect(await first('Gulf of Mexico')).toMatchObject({ name: 'Gulf of Mexico', kind: 'gulf', source: 'Natural Earth' });
    expect(await first('Adriatic Sea')).toMatchObject({ name: 'Adriatic Sea', kind: 'sea', source: 'Natural Earth', lat: 42.76, lon: 16.11 });
    expect(await first('Aegean Sea')).toMatchObject({ name: 'Aegean Sea', kind: 'sea', source: 'Natural Earth' });
    // ne_10m_parks_and_protected_lands_scale_rank: "Yellowstone NP" (YELL), bbox [-111.154378, 44.134318, -109.826457, 45.100098], centre on land.
    expect(await first('Yellowstone')).toMatchObject({ name: 'Yellowstone National Park', kind: 'national park', country: 'United States', source: 'Natural Earth', lat: 44.62, lon: -110.49 });
    // ne_10m_geography_regions_points: "Cape of Good Hope" at [18.441295, -34.307184], its country from the nearest town.
    expect(await first('Cape of Good Hope')).toMatchObject({ kind: 'cape', country: 'South Africa', source: 'Natural Earth', lat: -34.307184, lon: 18.441295 });
    const cologne = await first('Cologne');
    expect(cologne).toMatchObject({ name: 'Köln', kind: 'city', country: 'Germany' });
    expect(cologne).not.toHaveProperty('source');
  }, 60_000);
});
