import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/support/testApp.js';
import { TM_ETM_CATALOG_DIR } from '../../../test/support/fixturePaths.js';
import { parseCsv } from '../../shared/csv.js';

// GDAL 3.6 `gdallocationinfo -wgs84` values listed in ../shared/fixtures/README.md.
const P1 = { lon: -67.3037941, lat: -14.7111791 };
const P2 = { lon: -67.6820161, lat: -13.8928145 };
const GDAL_P1 = { B04: 7663, B05: 16909, B09: 43782, QA: 21824 };
const GDAL_P2 = { B04: 9996, B05: 19799, B09: 43279, QA: 22280 };
// Far from path 1 row 70: no scene of the fixture archive covers it.
const NOWHERE = { lon: 10, lat: 50 };
const DATES = { startDate: '2019-01-01', endDate: '2019-01-31', cloudCoverage: 100 };
const reflectance = (dn: number) => dn * 0.0000275 - 0.2;
const kelvin = (dn: number) => dn * 0.00341802 + 149.0;

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const postJson = (body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/sites', payload: body as object, headers: { 'content-type': 'application/json', ...headers } });
const postCsv = (csv: string, query: string) => app.inject({ method: 'POST', url: `/api/sites?${query}`, payload: csv, headers: { 'content-type': 'text/csv' } });

function table(text: string) {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

describe('POST /api/sites on the real fixture scene', () => {
  it("gives GDAL's values at both README points and a row saying why for a site no scene covers", async () => {
    const res = await postJson({ sites: [{ id: 'A1', ...P1 }, { id: 'B2', ...P2 }, { id: 'far', ...NOWHERE }], ...DATES, bands: ['B04', 'B05', 'B09'] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header] = parseCsv(res.body);
    expect(header.slice(0, 9)).toEqual(['site_id', 'lat', 'lon', 'scene_id', 'satellite', 'date', 'wrs_path', 'wrs_row', 'cloud_cover']);
    expect(header.slice(9, 12).map((h) => h.slice(0, 3))).toEqual(['B04', 'B05', 'B09']);
    // The contract's columns, then the extension: sensor and harmonized (issue 23).
    expect(header.slice(12)).toEqual(['qa_pixel', 'clear', 'note', 'sensor', 'harmonized']);
    const rows = table(res.body);
    expect(rows).toHaveLength(3);
    const [a, b, far] = rows;
    expect(a).toMatchObject({ site_id: 'A1', scene_id: 'LC08_L2SP_001070_20190114_02_T2', satellite: 'landsat-8', date: '2019-01-14', wrs_path: '1', wrs_row: '70', qa_pixel: String(GDAL_P1.QA) });
    // The CSV's precision: reflectance 6 decimals, kelvin 2 (src/shared/csv.ts), no float noise.
    const decimals = (v: number, n: number) => String(Number(v.toFixed(n)));
    expect(a[header[9]]).toBe(decimals(reflectance(GDAL_P1.B04), 6));
    expect(a[header[10]]).toBe(decimals(reflectance(GDAL_P1.B05), 6));
    expect(a[header[11]]).toBe(decimals(kelvin(GDAL_P1.B09), 2));
    expect(b[header[9]]).toBe(decimals(reflectance(GDAL_P2.B04), 6));
    expect(b.qa_pixel).toBe(String(GDAL_P2.QA));
    // 21824 has no cloud, shadow or cirrus bit; 22280 has bit 3 (cloud) set (USGS QA_PIXEL table).
    expect(a.clear).toBe('true');
    expect(b.clear).toBe('false');
    expect(Number(a.cloud_cover)).toBeCloseTo(75.65, 2);
    expect(far).toMatchObject({ site_id: 'far', scene_id: '', date: '', qa_pixel: '', clear: '' });
    expect(far.note).toMatch(/no Landsat scene .* covers this site between 2019-01-01 and 2019-01-31/);
  });

  it('reads CSV bodies with the parameters in the query; without an id column the id is the line number', async () => {
    const csv = `latitude,longitude\r\n${P1.lat},${P1.lon}\r\n${P2.lat},${P2.lon}\r\n`;
    const res = await postCsv(csv, 'startDate=2019-01-01&endDate=2019-01-31&bands=B04&mask=none');
    expect(res.statusCode).toBe(200);
    const rows = table(res.body);
    expect(rows.map((r) => r.site_id)).toEqual(['2', '3']);
    // mask=none: the cloudy pixel counts as clear.
    expect(rows.map((r) => r.clear)).toEqual(['true', 'true']);
  });

  it('streams NDJSON: progress lines, then the rows as objects, then done', async () => {
    const res = await postJson({ sites: [{ id: 'A1', ...P1 }, { id: 'far', ...NOWHERE }], ...DATES, bands: 'B04' }, { accept: 'application/x-ndjson' });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n').map((l) => JSON.parse(l));
    const kinds = lines.map((l) => l.type);
    expect(kinds[0]).toBe('progress');
    expect(kinds.at(-1)).toBe('done');
    expect(kinds.lastIndexOf('progress')).toBeLessThan(kinds.indexOf('row'));
    expect(lines.filter((l) => l.type === 'progress').at(-1)).toMatchObject({ done: 2, total: 2 });
    const rows = lines.filter((l) => l.type === 'row');
    expect(rows.map((r) => r.site_id)).toEqual(['A1', 'far']);
    expect(rows[0].qa_pixel).toBe(GDAL_P1.QA);
  });

  it('refuses bad sites whole, naming each CSV line (header = line 1) and reason', async () => {
    const csv = ['id,lat,lon', `ok,${P1.lat},${P1.lon}`, 'x,95,10', 'y,abc,10', 'ok,1,2', 'z,,3'].join('\n');
    const res = await postCsv(csv, 'startDate=2019-01-01&endDate=2019-01-31');
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('invalid_sites');
    expect(error.sites.map((s: { line: number }) => s.line)).toEqual([3, 4, 5, 6]);
    expect(error.sites[0].reason).toMatch(/latitude 95 is out of range/);
    expect(error.sites[1].reason).toMatch(/not a decimal number/);
    expect(error.sites[2].reason).toMatch(/duplicate id "ok"/);
    expect(error.sites[3].reason).toMatch(/latitude is missing/);
    expect(error.message).toMatch(/line 3: latitude 95/);
  });

  it('names JSON sites by index and lists at most 20 bad ones', async () => {
    const sites = Array.from({ length: 30 }, (_, i) => ({ id: `s${i}`, lat: 100 + i, lon: 0 }));
    const res = await postJson({ sites, ...DATES });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.sites).toHaveLength(20);
    expect(error.sites[0]).toMatchObject({ index: 0 });
    expect(error.badSiteCount).toBe(30);
  });

  it('refuses a file that is not CSV, an unknown harmonize and a bad mask', async () => {
    const notCsv = await postCsv('\u0089PNG\r\n\u001a\n\u0000\u0000', 'startDate=2019-01-01&endDate=2019-01-31');
    expect(notCsv.statusCode).toBe(400);
    expect(notCsv.json().error.message).toMatch(/not CSV/);
    const noHeader = await postCsv('a,b\n1,2\n', 'startDate=2019-01-01&endDate=2019-01-31');
    expect(noHeader.json().error.message).toMatch(/header naming a latitude column/);
    const bad = await postJson({ sites: [{ id: 'A1', ...P1 }], ...DATES, harmonize: 'etm' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/harmonize must be "oli"/) });
    const mask = await postJson({ sites: [{ id: 'A1', ...P1 }], ...DATES, mask: 'clouds' });
    expect(mask.statusCode).toBe(400);
    expect(mask.json().error.message).toMatch(/dilated_cloud/);
  });

  it('answers 413 too_many_sites pointing to jobs beyond 1,000 sites', async () => {
    const csv = ['lat,lon', ...Array.from({ length: 1001 }, (_, i) => `${(i % 80) - 40},${i % 170}`)].join('\n');
    const res = await postCsv(csv, 'startDate=2019-01-01&endDate=2019-01-31');
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'too_many_sites' });
    expect(res.json().error.message).toMatch(/POST \/api\/jobs/);
  });
});

describe('POST /api/sites on Landsat 5 TM and 7 ETM+ (real local: catalogue), harmonize=oli', () => {
  // GDAL 3.6 `gdallocationinfo -wgs84` DNs listed in ../shared/real-world/README.md (landsat-tm-etm).
  const TM_POINT = { lon: 149.8378759, lat: -34.3059109 };
  const TM_GDAL = { SR_B3: 10217, ST_B6: 43991, QA: 5440 };
  let tmApp: FastifyInstance;
  beforeAll(async () => {
    tmApp = await buildTestApp({ LANDSAT_SOURCE: `local:${TM_ETM_CATALOG_DIR}` });
  });
  afterAll(async () => {
    await tmApp?.close();
  });

  it('harmonises TM red (Roy 2016), names sensor and harmonized per row, leaves B01 empty with a note; jobs keep harmonize', async () => {
    const body = { sites: [{ id: 'tm', ...TM_POINT }], startDate: '1998-03-01', endDate: '1998-03-31', cloudCoverage: 100, bands: ['B01', 'B04', 'B09'], harmonize: 'oli' };
    const res = await tmApp.inject({ method: 'POST', url: '/api/sites', payload: body, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(200);
    const [row] = table(res.body);
    expect(row).toMatchObject({ site_id: 'tm', satellite: 'landsat-5', sensor: 'TM', harmonized: 'roy2016-rma', qa_pixel: String(TM_GDAL.QA) });
    const col = (id: string) => Object.keys(row).find((h) => h.startsWith(id))!;
    expect(row[col('B01')]).toBe('');
    expect(row.note).toMatch(/\(B01\) is not on TM scenes/);
    // Written to the CSV's precision: reflectance 6 decimals, kelvin 2.
    expect(row[col('B04')]).toBe(String(Number((0.9825 * reflectance(TM_GDAL.SR_B3) - 0.0022).toFixed(6))));
    expect(row[col('B09')]).toBe(String(Number(kelvin(TM_GDAL.ST_B6).toFixed(2))));

    const job = await tmApp.inject({ method: 'POST', url: '/api/jobs', payload: body, headers: { 'content-type': 'application/json' } });
    expect(job.statusCode).toBe(202);
    const { id } = job.json() as { id: string };
    await expect.poll(async () => (await tmApp.inject(`/api/jobs/${id}`)).json().status, { timeout: 20_000 }).toBe('done');
    const [jobRow] = table((await tmApp.inject(`/api/jobs/${id}/result.csv`)).body);
    expect(jobRow).toMatchObject({ sensor: 'TM', harmonized: 'roy2016-rma' });
    expect(jobRow[col('B04')]).toBe(row[col('B04')]);
  });
});
