import { describe, expect, it } from 'vitest';
import { csvField, parseCsv, pixelCsv, PIXEL_CSV_HEADER, statisticsCsv, STATISTICS_CSV_HEADER, toCsv, toPrecisionOf } from './csv.js';
import { FIXTURE_B04_DN, samplePixelResponse } from '../../test/support/samplePixelResponse.js';

describe('csvField / toCsv (RFC 4180)', () => {
  it('quotes only fields that need it and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it('neutralises text a spreadsheet would run as a formula (OWASP), keeping numbers as numbers', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+1+cmd|calc')).toBe(`"'+1+cmd|calc"`);
    expect(csvField('-2+3')).toBe(`"'-2+3"`);
    expect(csvField('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvField('\t=1')).toBe(`"'\t=1"`);
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    expect(parseCsv(toCsv([['=1+1', 'LC08_x']]))[0]).toEqual(["'=1+1", 'LC08_x']);
    // Negative values, as numbers or as text, stay numbers.
    expect(csvField(-0.05)).toBe('-0.05');
    expect(csvField('-0.05')).toBe('-0.05');
    expect(csvField('-1e-3')).toBe('-1e-3');
  });

  it('ends every record with CRLF and parses back to the same cells', () => {
    const rows = [['a', 'b,c', 'd "e"'], ['line\r\nbreak', '', '3.5']];
    const text = toCsv(rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual(rows);
  });
});

describe('pixelCsv', () => {
  const response = samplePixelResponse();
  const [header, ...records] = parseCsv(pixelCsv(response));
  const col = (name: (typeof PIXEL_CSV_HEADER)[number]) => header.indexOf(name);

  it('has one row per scene, band and pixel', () => {
    expect(header).toEqual([...PIXEL_CSV_HEADER]);
    expect(records).toHaveLength(2 * 4 * 9);
  });

  it('round-trips the fixture B04 values (to the 6 decimals reflectance carries), DN and units exactly', () => {
    const b04 = records.filter((r) => r[col('scene_id')] === response.scenes[0].id && r[col('band')] === 'B04');
    expect(b04).toHaveLength(9);
    for (const r of b04) {
      const row = Number(r[col('row_offset')]) + 1;
      const c = Number(r[col('col_offset')]) + 1;
      expect(r[col('unit')]).toBe('reflectance');
      if (row === 2 && c === 2) {
        expect(r[col('value')]).toBe(''); // fill stays empty, never 0
        expect(r[col('dn')]).toBe('');
        continue;
      }
      expect(Number(r[col('dn')])).toBe(FIXTURE_B04_DN[row][c]);
      expect(Number(r[col('value')])).toBe(Number(response.scenes[0].bands.B04.values[row][c]!.toFixed(6)));
      expect(r[col('value')]).toMatch(/^-?\d+(\.\d{1,6})?$/);
    }
    const target = b04.find((r) => r[col('is_target')] === 'true')!;
    expect(Number(target[col('dn')])).toBe(7663);
    // 7663 x 2.75e-5 - 0.2 = 0.0107325 (Collection 2 scale and offset), written to 6 decimals without float noise.
    expect(target[col('value')]).toBe('0.010733');
    expect(target[col('sensor_band')]).toBe('OLI band 4, red');
    expect(Number(target[col('center_wavelength_um')])).toBe(0.655);
  });

  it('carries QA_PIXEL and its flags', () => {
    const north = records.find((r) => r[col('band')] === 'B04' && r[col('row_offset')] === '-1' && r[col('col_offset')] === '0')!;
    expect(north[col('qa_pixel')]).toBe('22280');
    expect(north[col('cloud')]).toBe('true');
    expect(north[col('clear')]).toBe('false');
    const kelvinRow = records.find((r) => r[col('band')] === 'B09' && r[col('is_target')] === 'true')!;
    expect(kelvinRow[col('unit')]).toBe('kelvin');
    // Kelvin to 2 decimals (the project's CSV precision for temperature).
    expect(kelvinRow[col('value')]).toBe((43782 * 0.00341802 + 149).toFixed(2));
    expect(kelvinRow[col('sensor_band')]).toBe('TIRS band 10, surface temperature');
  });

  it('keeps the earlier columns in order and appends the indices of each clear pixel', () => {
    expect(PIXEL_CSV_HEADER.slice(0, 26)).toEqual(['scene_id', 'satellite', 'datetime_utc', 'wrs_path', 'wrs_row', 'scene_cloud_cover_percent', 'target_lat', 'target_lon', 'band', 'band_label', 'center_wavelength_um', 'unit', 'row_offset', 'col_offset', 'is_target', 'value', 'dn', 'qa_pixel', 'clear', 'cloud', 'dilated_cloud', 'cloud_shadow', 'cirrus', 'snow', 'water', 'fill']);
    expect(PIXEL_CSV_HEADER.slice(26, 32)).toEqual(['ndvi', 'evi', 'ndwi', 'nbr', 'ndsi', 'surface_temperature_c']);
    expect(PIXEL_CSV_HEADER.slice(32, 35)).toEqual(['sensor', 'sensor_band', 'harmonized']);
    expect(PIXEL_CSV_HEADER.slice(35)).toEqual(['covered_start_date', 'covered_end_date', 'older_scenes_left_out']);
    const red = records.find((r) => r[col('band')] === 'B04')!;
    expect([red[col('sensor')], red[col('sensor_band')], red[col('harmonized')]]).toEqual(['OLI/TIRS', 'OLI band 4, red', '']);
    const targets = records.filter((r) => r[col('scene_id')] === response.scenes[0].id && r[col('is_target')] === 'true');
    for (const r of targets) {
      // Same on every band's row of the pixel: ST from B09; NDVI needs B05, which the sample lacks.
      expect(Number(r[col('surface_temperature_c')])).toBeCloseTo(43782 * 0.00341802 + 149 - 273.15, 9);
      expect(r[col('ndvi')]).toBe('');
    }
    // The cloudy pixel north of the target: no index at all.
    const north = records.find((r) => r[col('band')] === 'B09' && r[col('row_offset')] === '-1' && r[col('col_offset')] === '0')!;
    expect(north[col('surface_temperature_c')]).toBe('');
  });
});

describe('numbers in every CSV: one decision (CSV_DECIMALS, csvField)', () => {
  // Expected strings written by hand from the rule: reflectance 6 decimals, kelvin 2, other numbers
  // without float noise (12 significant digits), integers as they are, no value empty.
  it.each([
    ['reflectance with float noise', 'reflectance', 0.026077500000000003, '0.026078'],
    ['reflectance of DN 7663', 'reflectance', 7663 * 0.0000275 - 0.2, '0.010733'],
    ['negative reflectance', 'reflectance', -0.0123456789, '-0.012346'],
    ['kelvin of DN 43782', 'kelvin', 43782 * 0.00341802 + 149, '298.65'],
    ['kelvin with float noise', 'kelvin', 300.10000000000002, '300.1'],
    ['a coordinate (no unit)', null, 45.123456789012, '45.123456789'],
    ['a ratio with float noise (no unit)', null, 0.1 + 0.2, '0.3'],
    ['an integer count', null, 100, '100'],
    ['no value', 'reflectance', null, ''],
    ['not a number', null, Number.NaN, ''],
  ])('%s', (_name, unit, value, expected) => {
    expect(csvField(toPrecisionOf(unit, value))).toBe(expected);
  });
});

describe('statisticsCsv', () => {
  it('writes one row per scene and band and parses back to the same numbers', () => {
    const stats = { min: -0.01234567891, max: 0.3, mean: 0.1, stDev: 0.05, sampleCount: 100, noDataCount: 3 };
    const response = {
      data: [
        {
          scene: { id: 'S1', satellite: 'landsat-8', datetime: '2024-05-01T15:50:00Z', wrsPath: 17, wrsRow: 29, cloudCover: 12.5 },
          outputs: { data: { bands: { B04: { stats }, B09: { stats: { ...stats, min: 280.5 } } } } },
        },
        { scene: { id: 'S2, "odd"', satellite: 'landsat-9', datetime: '2024-05-09T15:50:00Z', wrsPath: 17, wrsRow: 29, cloudCover: 0 }, outputs: { data: { bands: { B04: { stats: { ...stats, mean: null } } } } } },
      ],
    };
    const [header, ...records] = parseCsv(statisticsCsv(response));
    expect(header).toEqual([...STATISTICS_CSV_HEADER]);
    expect(records).toHaveLength(3);
    const col = (name: string) => header.indexOf(name);
    expect(records[0].slice(6, 15)).toEqual(['B04', 'Red Band', 'reflectance', '-0.012346', '0.3', '0.1', '0.05', '100', '3']);
    expect([records[0][col('sensor')], records[0][col('sensor_band')]]).toEqual(['OLI/TIRS', 'OLI band 4, red']);
    expect(Number(records[0][col('min')])).toBe(Number(stats.min.toFixed(6)));
    expect(records[1][col('unit')]).toBe('kelvin');
    expect(records[2][0]).toBe('S2, "odd"');
    expect(records[2][col('mean')]).toBe('');
  });

  it('says on every row which dates it covers and whether older scenes were left out', () => {
    const entry = { scene: { id: 'S1', satellite: 'landsat-8', datetime: '2025-10-02T15:50:00Z', wrsPath: 17, wrsRow: 29, cloudCover: 100 }, outputs: { data: { bands: { B04: { stats: { mean: 0.1 } } } } } };
    const [header, row] = parseCsv(statisticsCsv({ data: [entry], truncated: true, coveredStartDate: '2025-10-02', coveredEndDate: '2026-11-22' }));
    expect(header.slice(-3)).toEqual(['covered_start_date', 'covered_end_date', 'older_scenes_left_out']);
    expect(row.slice(-3)).toEqual(['2025-10-02', '2026-11-22', 'true']);
  });
});

describe('CSV rows of TM and ETM+ scenes', () => {
  it("name the sensor, its own band and the harmonisation", () => {
    const entry = { scene: { id: 'LT05_L2SP_090084_19980308_02_T1', satellite: 'landsat-5', sensor: 'TM', harmonized: 'roy2016-rma', datetime: '1998-03-08T23:26:47Z', wrsPath: 90, wrsRow: 84, cloudCover: 12 }, outputs: { data: { bands: { B04: { stats: { mean: 0.1 } }, B09: { stats: { mean: 300 } } } } } };
    const [header, ...rows] = parseCsv(statisticsCsv({ data: [entry] })).filter((r) => r.length > 1);
    const col = (name: string) => header.indexOf(name);
    expect(rows.map((r) => [r[col('band')], r[col('sensor')], r[col('sensor_band')], r[col('harmonized')]])).toEqual([
      ['B04', 'TM', 'TM band 3, red', 'roy2016-rma'],
      ['B09', 'TM', 'TM band 6, surface temperature', 'roy2016-rma'],
    ]);
  });
});
