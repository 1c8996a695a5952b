import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../shared/csv.js';
import { buildTestApp } from '../../../test/support/testApp.js';
import { REAL_WORLD_DIR } from '../../../test/support/fixturePaths.js';

// POST /api/compare with the instruments' own files, and POST /api/compare/batch, on the embedded demo
// archive (synthetic) at the real files' GPS positions. Expected values come from the files' text, the
// reference RSR tables and /api/pixel, never from the comparison code.
const SPECTRA = path.join(REAL_WORLD_DIR, 'spectra');
const SIG = 'svc-acer/ACPL_D2_P1_B_1_001.sig';
const SED = 'sed-psr/1566060_09506_working.sed';
const fileBytes = (rel: string) => readFileSync(path.join(SPECTRA, rel));
const BOUNDARY = 'fieldFilesBoundary';

function multipart(parts: { name: string; filename?: string; content: Buffer | string }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n${p.filename ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** The test's own OLI weighting of the file's reflectance column, from ../shared/reference/landsat-oli-rsr.csv. */
function oliBandsOfFile(rel: string): Record<string, number> {
  const points = fileBytes(rel)
    .toString('latin1')
    .split(/\r?\n/)
    .filter((l) => /^\s*\d+\.\d+(\s+[-\d.E+]+){3}\s*$/.test(l))
    .map((l) => l.trim().split(/\s+/).map(Number))
    .map((n) => ({ nm: n[0], r: n[3] / 100 }));
  const table = new Map<string, [number, number][]>();
  for (const line of readFileSync(path.join(REAL_WORLD_DIR, '../reference/landsat-oli-rsr.csv'), 'utf8').trim().split(/\r?\n/).slice(1)) {
    const [band, w, r] = line.split(',');
    table.set(band, [...(table.get(band) ?? []), [Number(w) * 1000, Number(r)]]);
  }
  const out: Record<string, number> = {};
  for (const [band, rows] of table) {
    const inBand = points.filter((p) => p.nm >= rows[0][0] - 5 && p.nm <= rows.at(-1)![0] + 5);
    let num = 0;
    let den = 0;
    for (const [nm, s] of rows) {
      const j = inBand.findIndex((p) => p.nm >= nm);
      const a = inBand[j - 1];
      const b = inBand[j];
      num += (b.nm === nm ? b.r : a.r + ((b.r - a.r) * (nm - a.nm)) / (b.nm - a.nm)) * s;
      den += s;
    }
    out[band] = num / den;
  }
  return out;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ LANDSAT_SOURCE: 'demo' });
});
afterAll(async () => {
  await app?.close();
});

describe('POST /api/compare with a spectrometer file', () => {
  it('raw body + ?filename: place and time from the file, the clear scene nearest in time, bands = the file weighted by the OLI response', async () => {
    const res = await app.inject({ method: 'POST', url: `/api/compare?filename=${path.basename(SIG)}&maxDays=16`, payload: fileBytes(SIG), headers: { 'content-type': 'application/octet-stream' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const raw = fileBytes(SIG).toString('latin1');
    const lat = /^latitude=.*,\s*(\d\d)(\d\d\.\d+)N/m.exec(raw)!;
    const lon = /^longitude=.*,\s*(\d\d\d)(\d\d\.\d+)W/m.exec(raw)!;
    expect(body).toMatchObject({ placeFrom: 'file', timeFrom: 'file', synthetic: true, input: 'spectrum' });
    expect(body.lat).toBeCloseTo(Number(lat[1]) + Number(lat[2]) / 60, 9);
    expect(body.lon).toBeCloseTo(-(Number(lon[1]) + Number(lon[2]) / 60), 9);
    expect(body.datetime).toBe('2015-08-06T14:37:08.000Z'); // gpstime= …, 143708.000 on time= 8/6/2015
    expect(body.file).toMatchObject({ name: 'ACPL_D2_P1_B_1_001.sig', instrument: 'SVC', channels: 1024, reflectanceFrom: 'reflectance column' });
    expect(body.scene.sensor).toBe('OLI/TIRS');
    const expected = oliBandsOfFile(SIG);
    for (const band of Object.keys(expected)) expect(body.simulated[band], band).toBeCloseTo(expected[band], 10);

    // The scene: among /api/pixel's scenes within 16 days, the nearest in time whose target pixel is clear.
    const t = Date.parse(body.datetime);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const q = new URLSearchParams({ lat: String(body.lat), lon: String(body.lon), startDate: day(t - 16 * 864e5), endDate: day(t + 16 * 864e5), bands: 'B04' });
    const pixel = (await app.inject(`/api/pixel?${q}`)).json();
    const clear = pixel.scenes
      .filter((s: { datetime: string; qa: { flags: ({ clear: boolean } | null)[][] } }) => s.qa.flags[1][1]?.clear && Math.abs(Date.parse(s.datetime) - t) <= 16 * 864e5)
      .sort((a: { datetime: string }, b: { datetime: string }) => Math.abs(Date.parse(a.datetime) - t) - Math.abs(Date.parse(b.datetime) - t));
    expect(clear.length).toBeGreaterThan(0);
    expect(body.scene.id).toBe(clear[0].id);
  });

  it('multipart field `file`, with lat/lon/datetime fields overriding the file; a Content-Disposition name on a raw body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/compare',
      payload: multipart([
        { name: 'lat', content: '46.5' },
        { name: 'lon', content: '-92.25' },
        { name: 'datetime', content: '2015-08-07T16:00:00Z' },
        { name: 'file', filename: 'ACPL_D2_P1_B_1_001.sig', content: fileBytes(SIG) },
      ]),
      headers: MULTIPART,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ placeFrom: 'request', timeFrom: 'request', lat: 46.5, lon: -92.25, datetime: '2015-08-07T16:00:00.000Z' });
    const disposition = await app.inject({
      method: 'POST',
      url: '/api/compare?lat=40&lon=-100&maxDays=16',
      payload: fileBytes(SED),
      headers: { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="1566060_09506_working.sed"' },
    });
    expect(disposition.statusCode).toBe(200);
    // No GPS in the .sed: the place is the request's; the time is its clock's (zone unknown, said so).
    expect(disposition.json()).toMatchObject({ placeFrom: 'request', timeFrom: 'file', datetime: '2012-10-03T12:05:44.000Z', file: { instrument: 'Spectral Evolution', channels: 2151 } });
    expect(disposition.json().timeNote).toMatch(/zone not written in the file/);
  });

  it.each<[string, string, RegExp]>([
    [SED, 'no GPS and no lat/lon', /1566060_09506_working\.sed: the file holds no GPS position: give its lat and lon/],
    ['sed-psr/1566060_15025_not_working.sed', 'direct energy', /line 27: holds direct energy .*no reflectance column/],
    ['malformed/data_svc_added_lines.sig', 'lines added', /line 2: "ADDED" is not a header line/],
    ['malformed/data_psr_removed_lines.sed', 'lines removed', /line 2: "REMOVED_LINES_2_to_10" is not a header line/],
  ])('%s (%s) is refused 422 in words', async (rel, _why, message) => {
    const res = await app.inject({ method: 'POST', url: '/api/compare', payload: multipart([{ name: 'file', filename: path.basename(rel), content: fileBytes(rel) }]), headers: MULTIPART });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('unusable_file');
    expect(res.json().error.message).toMatch(message);
  });

  it('refuses a raw body without a file name, and lat without lon, in words', async () => {
    const noName = await app.inject({ method: 'POST', url: '/api/compare', payload: fileBytes(SIG), headers: { 'content-type': 'application/octet-stream' } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toMatch(/needs its file name/);
    const half = await app.inject({ method: 'POST', url: '/api/compare?filename=a.sig&lat=46', payload: fileBytes(SIG), headers: { 'content-type': 'application/octet-stream' } });
    expect(half.statusCode).toBe(400);
    expect(half.json().error.message).toMatch(/lat and lon together/);
  });
});

describe('POST /api/compare/batch', () => {
  const all = ['svc-acer', 'sed-psr', 'malformed'].flatMap((d) => readdirSync(path.join(SPECTRA, d)).map((f) => `${d}/${f}`));

  it('every real file appears: 7 band rows for each usable one, one row with the reason for the others; a repeated file is named', async () => {
    const parts = all.map((rel) => ({ name: 'files', filename: path.basename(rel), content: fileBytes(rel) }));
    parts.push({ name: 'files', filename: 'copy_of_B_1_001.sig', content: fileBytes(SIG) });
    const res = await app.inject({ method: 'POST', url: '/api/compare/batch?maxDays=16', payload: multipart(parts), headers: MULTIPART });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const [header, ...rows] = parseCsv(res.body);
    const col = (name: string) => header.indexOf(name);
    expect(header.slice(0, 6)).toEqual(['file', 'instrument', 'measured_utc', 'time_from', 'lat', 'lon']);
    const names = new Set(rows.map((r) => r[col('file')]));
    expect([...names].sort()).toEqual([...all.map((r) => path.basename(r)), 'copy_of_B_1_001.sig'].sort());
    for (const name of names) {
      const own = rows.filter((r) => r[col('file')] === name);
      if (own.length === 1) expect(own[0][col('reason')], name).not.toBe('');
      else expect(own.map((r) => r[col('band')]), name).toEqual(['B01', 'B02', 'B03', 'B04', 'B05', 'B06', 'B07']);
    }
    // The .sed without GPS, the direct-energy file and the four malformed ones are refused; the ten SVC files and the copy compared.
    expect([...names].filter((n) => rows.filter((r) => r[col('file')] === n).length === 7)).toHaveLength(11);
    const sig = rows.filter((r) => r[col('file')] === 'ACPL_D2_P1_B_1_001.sig');
    expect(sig[0][col('duplicate_of')]).toMatch(/same measurement as copy_of_B_1_001\.sig/);
    const expected = oliBandsOfFile(SIG);
    for (const r of sig) {
      expect(Number(r[col('field_reflectance')])).toBeCloseTo(expected[r[col('band')]], 6);
      // Reflectance at 6 decimals, never float noise.
      for (const c of ['field_reflectance', 'landsat_reflectance', 'difference']) expect(r[col(c)]).toMatch(/^-?\d+(\.\d{1,6})?$/);
      expect(r[col('synthetic')]).toBe('true');
    }
    expect(rows.find((r) => r[col('file')] === 'data_psr_added_lines.sed')![col('reason')]).toMatch(/line 2:/);
  });

  it('reads an overlap-matched (_moc) file and its raw file of one measurement, naming each other; a name marked BAD is noted', async () => {
    // An overlap-matched variant made from the raw file as SVC's software writes one: "Overlap: Remove" and
    // the later detector's channels that fall inside the earlier one's range left out (wavelengths increase).
    const raw = fileBytes(SIG).toString('latin1');
    let last = 0;
    const moc = raw
      .replace('Overlap: Preserve', 'Overlap: Remove')
      .split('\r\n')
      .filter((l) => {
        const m = /^(\d+\.\d+)\s+[\d.]+\s+[\d.]+\s+[\d.]+$/.exec(l);
        if (!m) return true;
        if (Number(m[1]) <= last) return false;
        last = Number(m[1]);
        return true;
      })
      .join('\r\n');
    const parts = [
      { name: 'files', filename: 'ACPL_D2_P1_B_1_001.sig', content: fileBytes(SIG) },
      { name: 'files', filename: 'ACPL_D2_P1_B_1_001_moc.sig', content: Buffer.from(moc, 'latin1') },
      { name: 'files', filename: 'ACPL_D2_P1_B_1_000_BAD.sig', content: fileBytes('svc-acer/ACPL_D2_P1_B_1_000_BAD.sig') },
    ];
    const res = await app.inject({ method: 'POST', url: '/api/compare/batch?maxDays=16', payload: multipart(parts), headers: MULTIPART });
    const [header, ...rows] = parseCsv(res.body);
    const of = (file: string) => rows.filter((r) => r[0] === file);
    expect(of('ACPL_D2_P1_B_1_001_moc.sig')).toHaveLength(7);
    expect(of('ACPL_D2_P1_B_1_001.sig')[0][header.indexOf('duplicate_of')]).toBe('same measurement as ACPL_D2_P1_B_1_001_moc.sig (overlap-matched)');
    expect(of('ACPL_D2_P1_B_1_001_moc.sig')[0][header.indexOf('duplicate_of')]).toBe('same measurement as ACPL_D2_P1_B_1_001.sig');
    // Within the bands the two spectra are the same lines: the same band values.
    for (let i = 0; i < 7; i++) expect(of('ACPL_D2_P1_B_1_001_moc.sig')[i][header.indexOf('field_reflectance')]).toBe(of('ACPL_D2_P1_B_1_001.sig')[i][header.indexOf('field_reflectance')]);
    expect(of('ACPL_D2_P1_B_1_000_BAD.sig')[0][header.indexOf('notes')]).toMatch(/name says BAD/);
  });

  it('lat and lon on the batch place the files without GPS only; files with GPS keep theirs', async () => {
    const parts = [
      { name: 'files', filename: 'no-gps.sed', content: fileBytes(SED) },
      { name: 'files', filename: 'gps.sig', content: fileBytes(SIG) },
    ];
    const res = await app.inject({ method: 'POST', url: '/api/compare/batch?maxDays=16&lat=46.5&lon=-92.25', payload: multipart(parts), headers: MULTIPART });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(res.body);
    const sed = rows.filter((r) => r[0] === 'no-gps.sed');
    expect(sed).toHaveLength(7);
    expect(sed[0][header.indexOf('lat')]).toBe('46.5');
    expect(sed[0][header.indexOf('notes')]).toMatch(/lat and lon from the request/);
    expect(sed[0][header.indexOf('time_from')]).toBe('file clock (zone unknown, read as UTC)');
    const sig = rows.filter((r) => r[0] === 'gps.sig');
    expect(Number(sig[0][header.indexOf('lat')])).toBeCloseTo(46 + 40.7523 / 60, 6);
    const half = await app.inject({ method: 'POST', url: '/api/compare/batch?lat=46.5', payload: multipart(parts), headers: MULTIPART });
    expect(half.statusCode).toBe(400);
    expect(half.json().error.message).toMatch(/lat and lon together/);
  });

  it('reads a zip of the files, and streams NDJSON with progress', async () => {
    const zip = zipSync(Object.fromEntries(['svc-acer/ACPL_D2_P1_B_1_001.sig', 'svc-acer/ACPL_F3_P2_B_1_000.sig', SED].map((rel) => [`campaign/${rel}`, new Uint8Array(fileBytes(rel))])));
    const res = await app.inject({ method: 'POST', url: '/api/compare/batch?filename=campaign.zip&format=ndjson&maxDays=16', payload: Buffer.from(zip), headers: { 'content-type': 'application/zip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/x-ndjson/);
    const lines = res.body.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({ type: 'progress', done: 0, total: 3 });
    expect(lines.at(-1)).toEqual({ type: 'done' });
    expect(lines.filter((l) => l.type === 'progress').at(-1)).toEqual({ type: 'progress', done: 3, total: 3 });
    const files = new Set(lines.filter((l) => l.type === 'row').map((l) => l.file));
    expect([...files].sort()).toEqual(['campaign.zip/campaign/sed-psr/1566060_09506_working.sed', 'campaign.zip/campaign/svc-acer/ACPL_D2_P1_B_1_001.sig', 'campaign.zip/campaign/svc-acer/ACPL_F3_P2_B_1_000.sig']);
  });

  it('refuses more than 500 files with 413 in words', async () => {
    const parts = Array.from({ length: 501 }, (_, i) => ({ name: 'files', filename: `f${i}.sig`, content: 'x' }));
    const res = await app.inject({ method: 'POST', url: '/api/compare/batch', payload: multipart(parts), headers: MULTIPART });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'too_many_files', message: expect.stringMatching(/500/) });
  });
});

describe('rate limit', () => {
  it('answers 429 in the error shape past the per-client limit', async () => {
    const limited = await buildTestApp({ LANDSAT_SOURCE: 'demo', RATE_LIMIT_PER_MINUTE: '1' });
    try {
      const send = () => limited.inject({ method: 'POST', url: '/api/compare/batch', payload: multipart([{ name: 'f', filename: 'a.sig', content: 'x' }]), headers: MULTIPART });
      expect((await send()).statusCode).toBe(200);
      const res = await send();
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});
