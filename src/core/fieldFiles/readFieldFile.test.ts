import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REAL_WORLD_DIR } from '../../../test/support/fixturePaths.js';
import { simulateSensorBands } from '../spectral/simulateOliBands.js';
import { bandSpectrum } from './compareFieldFile.js';
import { FieldFileError } from './fieldFile.js';
import { readFieldFile } from './readFieldFile.js';

// Real instrument files (../shared/real-world/spectra/README.md). Every expected value below is read
// from the file's text by the test's own regular expressions, or from the reference RSR table.
const SPECTRA = path.join(REAL_WORLD_DIR, 'spectra');
const bytes = (rel: string) => readFileSync(path.join(SPECTRA, rel));
const text = (rel: string) => bytes(rel).toString('latin1');
const read = (rel: string) => readFieldFile(path.basename(rel), bytes(rel));

/** The file's own data lines: every line of 3 or 4 numbers after the header, with its 1-based number. */
function dataLinesOf(raw: string): { line: number; numbers: number[] }[] {
  const out: { line: number; numbers: number[] }[] = [];
  raw.split(/\r?\n/).forEach((l, i) => {
    if (/^\s*\d+\.\d+(\s+[-\d.E+]+){2,3}\s*$/.test(l)) out.push({ line: i + 1, numbers: l.trim().split(/\s+/).map(Number) });
  });
  return out;
}

const refusal = (rel: string): FieldFileError => {
  try {
    read(rel);
  } catch (err) {
    if (err instanceof FieldFileError) return err;
    throw err;
  }
  throw new Error(`${rel} was read, not refused`);
};

const svcFiles = readdirSync(path.join(SPECTRA, 'svc-acer')).map((f) => `svc-acer/${f}`);

describe('SVC .sig (HR-1024i, Minnesota 2015)', () => {
  it.each(svcFiles)('%s: every channel is the file\'s own line (reflectance column / 100)', (rel) => {
    const file = read(rel);
    const lines = dataLinesOf(text(rel));
    expect(lines).toHaveLength(1024);
    expect(file.channels).toHaveLength(lines.length);
    file.channels.forEach((c, i) => {
      expect(c.line).toBe(lines[i].line);
      expect(c.wavelengthNm).toBe(lines[i].numbers[0]);
      expect(c.reflectance).toBeCloseTo(lines[i].numbers[3] / 100, 12);
    });
    expect(file.instrument).toBe('SVC');
    expect(file.reflectanceFrom).toBe('reflectance column');
  });

  it.each(svcFiles)('%s: GPS position and UTC time are the target scan\'s values written in the file', (rel) => {
    const raw = text(rel);
    const dm = (field: string) => {
      const m = new RegExp(`^${field}=.*,\\s*(\\d+)(\\d\\d\\.\\d+)([NSEW])`, 'm').exec(raw)!;
      const value = Number(m[1]) + Number(m[2]) / 60;
      return m[3] === 'S' || m[3] === 'W' ? -value : value;
    };
    const gps = /^gpstime=.*,\s*(\d\d)(\d\d)(\d\d)\.\d+/m.exec(raw)!;
    const date = /^time=.*,\s*(\d+)\/(\d+)\/(\d{4})/m.exec(raw)!;
    const file = read(rel);
    expect(file.place!.lat).toBeCloseTo(dm('latitude'), 9);
    expect(file.place!.lon).toBeCloseTo(dm('longitude'), 9);
    // These scans were taken mid-morning local time: the UTC day is the clock's day.
    const pad = (n: string) => n.padStart(2, '0');
    expect(file.time.utc).toBe(`${date[3]}-${pad(date[1])}-${pad(date[2])}T${gps[1]}:${gps[2]}:${gps[3]}.000Z`);
    expect(file.time.source).toBe('gps');
    expect(file.time.note).toMatch(/gpstime=/);
  });

  it('reads the README\'s example position: 4640.7523N = 46.679205, 09231.1627W = -92.518712 (reference scan)', () => {
    // ACPL_D2_P1_F3…: the target scan's values are 4640.7523N and 09231.1624W.
    const file = read('svc-acer/ACPL_F3_P2_B_1_000.sig');
    expect(file.place!.lat.toFixed(6)).toBe('46.679205');
    expect(file.place!.lon).toBeCloseTo(-(92 + 31.1624 / 60), 12);
  });

  it('computes reflectance from target / reference radiance when the reflectance column is absent', () => {
    const raw = text('svc-acer/ACPL_D2_P1_B_1_001.sig');
    const threeColumns = raw.replace(/^(\s*[\d.]+\s+[\d.]+\s+[\d.]+)\s+[\d.]+(\r?)$/gm, '$1$2');
    const file = readFieldFile('three.sig', Buffer.from(threeColumns, 'latin1'));
    const lines = dataLinesOf(raw);
    expect(file.reflectanceFrom).toBe('target / reference radiance');
    for (const i of [0, 100, 500, 1023]) expect(file.channels[i].reflectance).toBeCloseTo(lines[i].numbers[2] / lines[i].numbers[1], 12);
    // The instrument's own column is the same ratio in percent, to its 2 decimals.
    for (const i of [100, 500]) expect(Math.abs(file.channels[i].reflectance * 100 - lines[i].numbers[3])).toBeLessThan(0.006);
  });

  it('refuses a radiance-only file in words (which file, what it holds, what would make it comparable)', () => {
    const raw = text('svc-acer/ACPL_D2_P1_B_1_001.sig');
    const radianceOnly = raw.replace(/^(\s*[\d.]+)\s+[\d.]+\s+([\d.]+)\s+[\d.]+(\r?)$/gm, '$1  $2$3');
    const err = (() => {
      try {
        readFieldFile('radiance.sig', Buffer.from(radianceOnly, 'latin1'));
      } catch (e) {
        return e as FieldFileError;
      }
      throw new Error('read');
    })();
    expect(err.message).toMatch(/^radiance\.sig, line 26: holds one radiance column .*no reference scan or reflectance column.*white-reference/);
  });
});

describe('times across midnight UTC and positions in .sed headers', () => {
  it('an SVC scan at 7:10 PM CDT (GPS 00:10 UTC) is on the next UTC day', () => {
    // Edited from a real file: clock 8/6/2015 7:10:00 PM local (UTC-5), GPS 001000.000 UTC.
    const raw = text('svc-acer/ACPL_D2_P1_B_1_001.sig')
      .replace(/^time=.*$/m, 'time= 8/6/2015 7:05:00 PM, 8/6/2015 7:10:00 PM\r')
      .replace(/^gpstime=.*$/m, 'gpstime= 000500.000      , 001000.000      \r');
    expect(readFieldFile('night.sig', Buffer.from(raw, 'latin1')).time.utc).toBe('2015-08-07T00:10:00.000Z');
  });

  it('a .sed with GPS: NMEA position and GPS UTC time are read, decimal degrees too', () => {
    const raw = text('sed-psr/1566060_09506_working.sed')
      .replace('Latitude: n/a', 'Latitude: 4640.7523N')
      .replace('Longitude: n/a', 'Longitude: 09231.1627W')
      .replace('GPS Time: n/a', 'GPS Time: 170544.00');
    const file = readFieldFile('gps.sed', Buffer.from(raw, 'latin1'));
    expect(file.place!.lat).toBeCloseTo(46 + 40.7523 / 60, 12);
    expect(file.place!.lon).toBeCloseTo(-(92 + 31.1627 / 60), 12);
    // Clock 10/03/2012 12:05:44 (local), GPS 17:05:44 UTC: the same day.
    expect(file.time).toMatchObject({ utc: '2012-10-03T17:05:44.000Z', source: 'gps' });
    const decimal = readFieldFile('dd.sed', Buffer.from(raw.replace('Latitude: 4640.7523N', 'Latitude: -33.8688').replace('Longitude: 09231.1627W', 'Longitude: 151.2093'), 'latin1'));
    expect(decimal.place).toMatchObject({ lat: -33.8688, lon: 151.2093 });
    expect(() => readFieldFile('bad.sed', Buffer.from(raw.replace('Latitude: 4640.7523N', 'Latitude: north-ish'), 'latin1'))).toThrow(/bad\.sed, line \d+: Latitude "north-ish" is neither/);
  });
});

describe('Spectral Evolution .sed (PSR+3500)', () => {
  const rel = 'sed-psr/1566060_09506_working.sed';
  it('reads the Reflect. % column / 100 at every channel, as written', () => {
    const raw = text(rel);
    const lines = dataLinesOf(raw);
    expect(lines).toHaveLength(Number(/^Channels: (\d+)/m.exec(raw)![1]));
    const file = read(rel);
    expect(file.channels).toHaveLength(2151);
    file.channels.forEach((c, i) => {
      expect(c.wavelengthNm).toBe(lines[i].numbers[0]);
      expect(c.reflectance).toBeCloseTo(lines[i].numbers[3] / 100, 12);
      expect(c.line).toBe(lines[i].line);
    });
  });

  it('has no GPS (n/a): no place, and the target scan\'s clock time, said to be of unknown zone', () => {
    const raw = text(rel);
    const date = /^Date: .*,(\d\d)\/(\d\d)\/(\d{4})/m.exec(raw)!;
    const time = /^Time: .*,(\d\d:\d\d:\d\d)/m.exec(raw)!;
    const file = read(rel);
    expect(file.place).toBeNull();
    expect(file.notes.join(' ')).toMatch(/no GPS position/);
    expect(file.time).toMatchObject({ utc: `${date[3]}-${date[1]}-${date[2]}T${time[1]}.000Z`, source: 'clock' });
    expect(file.time.note).toMatch(/zone not written in the file, read as UTC/);
  });

  it('refuses the direct-energy file: what it holds and what would make it comparable, with the line', () => {
    const err = refusal('sed-psr/1566060_15025_not_working.sed');
    const namesLine = text('sed-psr/1566060_15025_not_working.sed').split(/\r?\n/).findIndex((l) => l.startsWith('Wvl')) + 1;
    expect(err.line).toBe(namesLine);
    expect(err.message).toMatch(/^1566060_15025_not_working\.sed, line \d+: holds direct energy \(Measurement: DIRECT_ENERGY/);
    expect(err.message).toMatch(/no reflectance column/);
    expect(err.message).toMatch(/REFLECTANCE mode/);
  });
});

describe('malformed files are refused naming the line', () => {
  it.each(['malformed/data_svc_added_lines.sig', 'malformed/data_svc_removed_lines.sig', 'malformed/data_psr_added_lines.sed', 'malformed/data_psr_removed_lines.sed'])('%s', (rel) => {
    const err = refusal(rel);
    // The first line that is not part of the format, found by the test: line 2 ("ADDED" / "REMOVED_LINES_2_to_10").
    const lines = text(rel).split(/\r?\n/);
    const firstOdd = lines.findIndex((l, i) => i > 0 && l.trim() !== '' && !/^[^=:]+[=:]/.test(l)) + 1;
    expect(err.line).toBe(firstOdd);
    expect(err.message).toContain(`line ${firstOdd}:`);
    expect(err.message).toContain(JSON.stringify(lines[firstOdd - 1].trim()));
  });

  it('a data line removed from a real .sed: names where the wavelength jumps', () => {
    const lines = text('sed-psr/1566060_09506_working.sed').split('\r\n');
    const at = lines.findIndex((l) => /^ 700\.0\t/.test(l));
    lines.splice(at, 1);
    const err = (() => {
      try {
        readFieldFile('cut.sed', Buffer.from(lines.join('\r\n'), 'latin1'));
      } catch (e) {
        return e as FieldFileError;
      }
      throw new Error('read');
    })();
    expect(err.line).toBe(at + 1); // the 701 nm line now sits where 700 nm was
    expect(err.message).toMatch(/2150 data lines .* "Channels: 2151" .* jumps from 699 to 701 nm/);
  });

  it('a data line duplicated in a real .sig: names the repeated line', () => {
    const lines = text('svc-acer/ACPL_D2_P1_B_1_001.sig').split('\r\n');
    const at = lines.findIndex((l) => l.startsWith('500.'));
    lines.splice(at + 1, 0, lines[at]);
    const err = (() => {
      try {
        readFieldFile('dup.sig', Buffer.from(lines.join('\r\n'), 'latin1'));
      } catch (e) {
        return e as FieldFileError;
      }
      throw new Error('read');
    })();
    expect(err.line).toBe(at + 2);
    expect(err.message).toMatch(/repeats the line before: a line was added/);
  });
});

describe('band values are the field spectrum weighted by the relative spectral response', () => {
  // The test's own weighting, straight from ../shared/reference/landsat-oli-rsr.csv: the file's
  // reflectance linearly interpolated at each table wavelength, sum(R·S)/sum(S).
  const rsr = new Map<string, [number, number][]>();
  for (const line of readFileSync(path.join(REAL_WORLD_DIR, '../reference/landsat-oli-rsr.csv'), 'utf8').trim().split(/\r?\n/).slice(1)) {
    const [band, w, r] = line.split(',');
    rsr.set(band, [...(rsr.get(band) ?? []), [Number(w) * 1000, Number(r)]]);
  }
  const weighted = (points: { nm: number; r: number }[], band: string) => {
    let num = 0;
    let den = 0;
    for (const [nm, s] of rsr.get(band)!) {
      const j = points.findIndex((p) => p.nm >= nm);
      const r = points[j].nm === nm ? points[j].r : points[j - 1].r + ((points[j].r - points[j - 1].r) * (nm - points[j - 1].nm)) / (points[j].nm - points[j - 1].nm);
      num += r * s;
      den += s;
    }
    return num / den;
  };

  it.each(['svc-acer/ACPL_D2_P1_B_1_001.sig', 'sed-psr/1566060_09506_working.sed'])('%s, OLI B01-B07', (rel) => {
    // Raw file lines, in order; within the OLI bands the wavelengths increase (the SVC overlaps lie outside them).
    const points = dataLinesOf(text(rel)).map(({ numbers }) => ({ nm: numbers[0], r: numbers[3] / 100 }));
    const bands = simulateSensorBands(bandSpectrum(read(rel)), 'OLI/TIRS');
    for (const band of rsr.keys()) {
      const inBand = points.filter((p) => p.nm >= rsr.get(band)![0][0] - 5 && p.nm <= rsr.get(band)!.at(-1)![0] + 5);
      expect(inBand.every((p, i) => i === 0 || p.nm > inBand[i - 1].nm), band).toBe(true);
      expect(bands[band as 'B01'].reflectance, band).toBeCloseTo(weighted(inBand, band), 10);
    }
  });
});
