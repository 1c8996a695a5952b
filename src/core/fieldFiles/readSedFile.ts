import { countMismatch, readNumberRows } from './dataLines.js';
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
 * Spectral Evolution (PSR, RS, SR series; DARWin software) `.sed` text files, read by hand (no
 * maintained JS reader; see fieldFile.ts). Layout: `Key: value` header lines (two-valued fields hold the
 * reference scan's value, then the target's), `Channels: n`, `Columns [k]:`, `Data:`, a line of column
 * names (tab-separated), then n lines of k numbers.
 */

const REQUIRED = ['instrument', 'measurement', 'date', 'time', 'channels', 'columns'] as const;

interface HeaderField {
  line: number;
  key: string;
  value: string;
}

const lastOf = (value: string): string => {
  const parts = value.split(',').map((p) => p.trim());
  return parts[parts.length - 1];
};

/** `10/03/2012` + `12:05:44` (month/day/year, 24-hour: DARWin's form) as the clock reading in ms, read as if UTC. */
function clockMs(dateText: string, timeText: string): number | null {
  const d = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(dateText);
  const t = /^(\d{1,2}):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(timeText);
  if (!d || !t) return null;
  const [month, day, year, hour, minute, second] = [Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2]), Number(t[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second >= 60) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute, 0) + Math.round(second * 1000);
  return new Date(ms).getUTCDate() === day ? ms : null;
}

/** DARWin writes positions as NMEA degrees and decimal minutes (4640.7523N) or as signed decimal degrees. */
function coordinate(text: string, axis: 'lat' | 'lon'): number | null {
  const dm = degreesDecimalMinutes(text, axis);
  if (dm !== null) return dm;
  if (!/^[+-]?\d{1,3}\.\d+$/.test(text)) return null;
  const v = Number(text);
  return Math.abs(v) <= (axis === 'lat' ? 90 : 180) ? v : null;
}

const isNa = (text: string) => text === '' || /^n\/?a$/i.test(text);

function readPlace(fileName: string, fields: Map<string, HeaderField>, notes: string[]): FieldPlace | null {
  const latField = fields.get('latitude');
  const lonField = fields.get('longitude');
  const latText = lastOf(latField?.value ?? '');
  const lonText = lastOf(lonField?.value ?? '');
  if (isNa(latText) && isNa(lonText)) {
    notes.push('the file holds no GPS position (Latitude and Longitude are n/a)');
    return null;
  }
  const lat = coordinate(latText, 'lat');
  if (lat === null) throw new FieldFileError(fileName, `Latitude ${quote(latText)} is neither degrees and decimal minutes (4640.7523N) nor decimal degrees`, latField?.line);
  const lon = coordinate(lonText, 'lon');
  if (lon === null) throw new FieldFileError(fileName, `Longitude ${quote(lonText)} is neither degrees and decimal minutes (09231.1627W) nor decimal degrees`, lonField?.line);
  return { lat, lon, note: `GPS position (Latitude: ${latText}, Longitude: ${lonText}, lines ${Math.min(latField!.line, lonField!.line)}-${Math.max(latField!.line, lonField!.line)})` };
}

function readTime(fileName: string, fields: Map<string, HeaderField>, notes: string[]): FieldTime {
  const dateField = fields.get('date')!;
  const timeField = fields.get('time')!;
  const [dateText, timeText] = [lastOf(dateField.value), lastOf(timeField.value)];
  const clock = clockMs(dateText, timeText);
  if (clock === null) throw new FieldFileError(fileName, `Date ${quote(dateText)} and Time ${quote(timeText)} are not month/day/year and hh:mm:ss as DARWin writes them`, dateField.line);
  const gpsField = fields.get('gps time');
  const gpsText = lastOf(gpsField?.value ?? '');
  if (!isNa(gpsText)) {
    const gps = hhmmssMs(gpsText);
    if (gps === null) throw new FieldFileError(fileName, `GPS Time ${quote(gpsText)} is not hhmmss(.ss) (UTC time of day)`, gpsField!.line);
    return {
      utc: new Date(utcFromClockAndGps(clock, gps)).toISOString(),
      source: 'gps',
      note: `GPS UTC time (GPS Time: ${gpsText}, line ${gpsField!.line}) on the date of the instrument clock (${dateText} ${timeText}, lines ${dateField.line}-${timeField.line})`,
    };
  }
  notes.push('no GPS time: the instrument clock was read as UTC, because the file does not say its zone; send datetime to correct it');
  return {
    utc: new Date(clock).toISOString(),
    source: 'clock',
    note: `instrument clock of the target scan (${dateText} ${timeText}, lines ${dateField.line}-${timeField.line}), zone not written in the file, read as UTC: it may be off by the local offset`,
  };
}

/** Reads a Spectral Evolution `.sed` file; throws FieldFileError naming the line for anything it cannot read as written. */
export function readSedFile(fileName: string, text: string): FieldFile {
  const lines = text.split(/\r\n|\r|\n/);
  const fields = new Map<string, HeaderField>();
  let dataIndex = -1;
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].trim();
    if (t === '') continue;
    const m = /^([A-Za-z][^:]*):\s?(.*)$/.exec(t);
    if (!m) throw new FieldFileError(fileName, `${quote(t)} is not a header line ("Key: value") of a .sed file; lines were added to or removed from the header`, i + 1);
    const key = m[1].trim().toLowerCase();
    if (key === 'data') {
      dataIndex = i + 1;
      break;
    }
    fields.set(key.replace(/\s*\[\d+\]$/, ''), { line: i + 1, key: m[1].trim(), value: key.startsWith('columns') ? (/\[(\d+)\]/.exec(m[1])?.[1] ?? '') : m[2].trim() });
  }
  if (dataIndex < 0) throw new FieldFileError(fileName, 'no "Data:" line: the file ends inside its header');
  for (const key of REQUIRED) {
    if (!fields.has(key)) throw new FieldFileError(fileName, `the header (lines 1-${dataIndex}) has no "${key}:" line: lines were removed from it`, dataIndex);
  }
  const channelsField = fields.get('channels')!;
  const columnsField = fields.get('columns')!;
  const channelCount = Number(channelsField.value);
  const columnCount = Number(columnsField.value);
  if (!Number.isInteger(channelCount) || channelCount < 2) throw new FieldFileError(fileName, `Channels ${quote(channelsField.value)} is not a channel count`, channelsField.line);
  if (!Number.isInteger(columnCount) || columnCount < 2) throw new FieldFileError(fileName, `"${columnsField.key}" does not say how many columns follow`, columnsField.line);

  const namesLine = dataIndex + 1;
  const names = (lines[dataIndex] ?? '').split('\t').map((n) => n.trim()).filter((n) => n !== '');
  if (names.length !== columnCount) {
    throw new FieldFileError(fileName, `${names.length} column names where "${columnsField.key}" (line ${columnsField.line}) says ${columnCount}`, namesLine);
  }
  const measurement = fields.get('measurement')!.value;
  const reflectColumn = names.findIndex((n) => /^Reflect\.?\s*%$/i.test(n) || /^Reflect/i.test(n));
  if (reflectColumn < 0) {
    throw new FieldFileError(
      fileName,
      `holds ${measurement.slice(0, 40).toLowerCase().replace(/_/g, ' ')} (Measurement: ${measurement.slice(0, 40)}; columns ${names.join(', ').slice(0, 120)}) and no reflectance column: its values are ${(fields.get('radiometric calibration')?.value ?? 'instrument').slice(0, 40)} units of each scan, not reflectance, and the file does not say that its reference column is a white-reference panel for this target. Measure (or re-export in DARWin) in REFLECTANCE mode so the file carries "Reflect. %", or send a wavelength,reflectance spectrum`,
      namesLine,
    );
  }
  const rows = readNumberRows(fileName, lines, dataIndex + 1, columnCount, names.join(', '));
  if (rows.length !== channelCount) throw countMismatch(fileName, rows, channelCount, `"Channels: ${channelCount}" (line ${channelsField.line}) says`);
  for (let i = 1; i < rows.length; i++) {
    if (rows[i].values[0] <= rows[i - 1].values[0]) {
      throw new FieldFileError(fileName, `wavelength ${rows[i].values[0]} nm after ${rows[i - 1].values[0]} nm: a .sed file's wavelengths increase; a line was added or moved`, rows[i].line);
    }
  }
  const percent = /%/.test(names[reflectColumn]);
  const channels: FieldChannel[] = rows.map(({ line, values }) => ({ line, wavelengthNm: values[0], reflectance: percent ? values[reflectColumn] / 100 : values[reflectColumn] }));
  const notes: string[] = [];
  return {
    fileName,
    instrument: 'Spectral Evolution',
    model: fields.get('instrument')!.value,
    reflectanceFrom: 'reflectance column',
    channels,
    spectrum: increasingSpectrum(channels),
    overlapMatched: false,
    place: readPlace(fileName, fields, notes),
    time: readTime(fileName, fields, notes),
    notes,
  };
}
