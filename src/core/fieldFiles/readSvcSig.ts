import { countMismatch, readNumberRows, type NumberRow } from './dataLines.js';
import {
  degreesDecimalMinutes,
  FieldFileError,
  hhmmssMs,
  increasingSpectrum,
  quote,
  utcFromClockAndGps,
  type FieldChannel,
  type FieldFile,
  type FieldPlace,
  type FieldTime,
} from './fieldFile.js';

/**
 * Spectra Vista (SVC HR-1024i, HR-768i, GER) `.sig` text files, read by hand (no maintained JS reader
 * exists; see fieldFile.ts). Layout: the line `/*** Spectra Vista SIG Data ***\/`, `key= value` header
 * lines whose fields hold the reference scan's value and then the target scan's, `data=`, then one
 * line per channel: wavelength (nm), reference, target, reflectance (%).
 */

const FIRST_LINE = /^\/\*+\s*Spectra Vista SIG Data\s*\*+\/$/i;
const REQUIRED = ['instrument', 'units', 'time'] as const;

interface HeaderField {
  line: number;
  values: string[];
}

/** The target scan's value of a two-valued field (reference, target); a single value stands for both. */
const targetValue = (f: HeaderField | undefined): string | undefined => {
  const v = f?.values;
  return v && v.length > 0 ? v[v.length - 1] : undefined;
};

/** `8/6/2015 9:37:15 AM` or `8/6/2015 21:37:15` (month/day/year, as SVC writes it) as the clock's reading in ms (read as if UTC). */
function clockMs(text: string): number | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2}):(\d{2}(?:\.\d+)?)(?:\s*([AP]M))?$/i.exec(text.trim());
  if (!m) return null;
  const [month, day, year, minute, second] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[5]), Number(m[6])];
  let hour = Number(m[4]);
  if (m[7]) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (m[7].toUpperCase() === 'PM' ? 12 : 0);
  }
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second >= 60) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute, 0) + Math.round(second * 1000);
  return new Date(ms).getUTCDate() === day ? ms : null;
}

function readHeader(fileName: string, lines: readonly string[]): { fields: Map<string, HeaderField>; dataIndex: number } {
  if (!FIRST_LINE.test(lines[0]?.trim() ?? '')) {
    throw new FieldFileError(fileName, `the first line is ${quote(lines[0]?.trim() ?? '')}, not "/*** Spectra Vista SIG Data ***/": not an SVC .sig text file`, 1);
  }
  const fields = new Map<string, HeaderField>();
  for (let i = 1; i < lines.length; i++) {
    const text = lines[i].trim();
    if (text === '') continue;
    const eq = text.indexOf('=');
    if (eq <= 0) throw new FieldFileError(fileName, `${quote(text)} is not a header line ("key= value") of an SVC .sig file; lines were added to or removed from the header`, i + 1);
    const key = text.slice(0, eq).trim().toLowerCase();
    if (key === 'data') return { fields, dataIndex: i + 1 };
    const rest = text.slice(eq + 1);
    fields.set(key, { line: i + 1, values: rest.split(',').map((v) => v.trim()) });
  }
  throw new FieldFileError(fileName, 'no "data=" line: the file ends inside its header');
}

function place(fileName: string, fields: Map<string, HeaderField>, notes: string[]): FieldPlace | null {
  const latField = fields.get('latitude');
  const lonField = fields.get('longitude');
  const latText = targetValue(latField) ?? '';
  const lonText = targetValue(lonField) ?? '';
  if (latText === '' && lonText === '') {
    notes.push('the file holds no GPS position (latitude= and longitude= are empty or absent)');
    return null;
  }
  const lat = degreesDecimalMinutes(latText, 'lat');
  if (lat === null) throw new FieldFileError(fileName, `latitude ${quote(latText)} is not degrees and decimal minutes with N or S (e.g. 4640.7523N)`, latField?.line);
  const lon = degreesDecimalMinutes(lonText, 'lon');
  if (lon === null) throw new FieldFileError(fileName, `longitude ${quote(lonText)} is not degrees and decimal minutes with E or W (e.g. 09231.1627W)`, lonField?.line);
  return { lat, lon, note: `GPS position of the target scan (latitude= ${latText}, longitude= ${lonText}, lines ${Math.min(latField!.line, lonField!.line)}-${Math.max(latField!.line, lonField!.line)})` };
}

function time(fileName: string, fields: Map<string, HeaderField>, notes: string[]): FieldTime {
  const timeField = fields.get('time')!;
  const clockText = targetValue(timeField) ?? '';
  const clock = clockMs(clockText);
  if (clock === null) throw new FieldFileError(fileName, `time ${quote(clockText)} is not month/day/year h:mm:ss (AM/PM) as SVC writes it`, timeField.line);
  const gpsField = fields.get('gpstime');
  const gpsText = targetValue(gpsField) ?? '';
  if (gpsText !== '') {
    const gps = hhmmssMs(gpsText);
    if (gps === null) throw new FieldFileError(fileName, `gpstime ${quote(gpsText)} is not hhmmss.sss (UTC time of day)`, gpsField!.line);
    const utc = new Date(utcFromClockAndGps(clock, gps)).toISOString();
    return {
      utc,
      source: 'gps',
      note: `GPS UTC time of the target scan (gpstime= ${gpsText}, line ${gpsField!.line}) on the date of the instrument clock (time= ${clockText}, line ${timeField.line}; the clock's zone is not written in the file and is not used)`,
    };
  }
  notes.push('no GPS time: the instrument clock was read as UTC, because the file does not say its zone; send datetime to correct it');
  return {
    utc: new Date(clock).toISOString(),
    source: 'clock',
    note: `instrument clock of the target scan (time= ${clockText}, line ${timeField.line}), zone not written in the file, read as UTC: it may be off by the local offset`,
  };
}

/** Reads an SVC `.sig` text file; throws FieldFileError naming the line for anything it cannot read as written. */
export function readSvcSig(fileName: string, text: string): FieldFile {
  const lines = text.split(/\r\n|\r|\n/);
  const { fields, dataIndex } = readHeader(fileName, lines);
  for (const key of REQUIRED) {
    if (!fields.has(key)) throw new FieldFileError(fileName, `the header (lines 1-${dataIndex}) has no "${key}=" line: lines were removed from it`, dataIndex);
  }
  const model = targetValue(fields.get('instrument')) ?? '';
  const units = fields.get('units')!.values.join(', ');
  const factors = fields.get('factors')?.values.join(', ') ?? '';
  const overlapMatched = /Overlap:\s*Remove/i.test(factors) || /_moc\.sig$/i.test(fileName);

  const firstData = lines[dataIndex]?.trim().split(/\s+/) ?? [];
  const columns = firstData.length;
  if (columns === 2) {
    throw new FieldFileError(
      fileName,
      `holds one ${units.split(',')[0].trim().toLowerCase() || 'radiance'} column per channel (units= ${units}) and no reference scan or reflectance column: it cannot be turned into reflectance. Save the scan with a white-reference (reflectance) in the SVC software, or send a wavelength,reflectance spectrum`,
      dataIndex + 1,
    );
  }
  if (columns !== 3 && columns !== 4) {
    throw new FieldFileError(fileName, `the first data line holds ${columns} values; SVC writes wavelength, reference, target and reflectance (4) or wavelength, reference, target (3)`, dataIndex + 1);
  }
  const words = columns === 4 ? 'wavelength nm, reference, target, reflectance %' : 'wavelength nm, reference, target';
  const rows = readNumberRows(fileName, lines, dataIndex, columns, words);
  checkWavelengths(fileName, rows, fields, overlapMatched, model);

  const channels: FieldChannel[] = rows.map(({ line, values }) => {
    if (columns === 4) return { line, wavelengthNm: values[0], reflectance: values[3] / 100 };
    if (values[1] <= 0) throw new FieldFileError(fileName, `reference ${values[1]} at ${values[0]} nm: reflectance (target / reference) needs a positive reference`, line);
    return { line, wavelengthNm: values[0], reflectance: values[2] / values[1] };
  });
  const notes: string[] = [];
  return {
    fileName,
    instrument: 'SVC',
    model,
    reflectanceFrom: columns === 4 ? 'reflectance column' : 'target / reference radiance',
    channels,
    spectrum: increasingSpectrum(channels),
    overlapMatched,
    place: place(fileName, fields, notes),
    time: time(fileName, fields, notes),
    notes,
  };
}

/**
 * Wavelengths must increase, except at the joins of the instrument's detectors in a raw file (at most
 * one step back per join, of less than 60 nm). A raw HR-<n> file holds n channels (the model number is
 * its channel count); an overlap-matched file fewer, as the software cut the overlap.
 */
function checkWavelengths(fileName: string, rows: readonly NumberRow[], fields: Map<string, HeaderField>, overlapMatched: boolean, model: string): void {
  const integration = fields.get('integration')?.values.length ?? 0;
  const detectors = integration >= 2 ? Math.max(1, Math.floor(integration / 2)) : 3;
  let stepsBack = 0;
  for (let i = 1; i < rows.length; i++) {
    const [prev, cur] = [rows[i - 1].values[0], rows[i].values[0]];
    if (cur > prev) continue;
    if (cur === prev) throw new FieldFileError(fileName, `wavelength ${cur} nm repeats the line before: a line was added`, rows[i].line);
    stepsBack++;
    if (overlapMatched || stepsBack > detectors - 1 || prev - cur >= 60) {
      throw new FieldFileError(
        fileName,
        `wavelength ${cur} nm after ${prev} nm: ${overlapMatched ? 'an overlap-matched file increases throughout' : `more steps back than the ${detectors} detectors' joins allow, or a step too large for a join`}; a line was added or moved`,
        rows[i].line,
      );
    }
  }
  const modelChannels = /HR-(\d{3,4})/i.exec(model);
  if (modelChannels && !overlapMatched) {
    const expected = Number(modelChannels[1]);
    if (rows.length !== expected) throw countMismatch(fileName, rows, expected, `the instrument (${quote(model)}) writes`);
  }
}
