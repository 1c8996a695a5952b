import { FieldFileError, type FieldFile } from './fieldFile.js';
import { readSedFile } from './readSedFile.js';
import { readSvcSig } from './readSvcSig.js';

/** Largest single spectrometer file read (a 1 nm .sed is ~100 KB; binary or huge files are not spectra). */
export const MAX_FIELD_FILE_BYTES = 2 * 1024 * 1024;

/**
 * Reads a spectrometer file by its content (the first line says which instrument wrote it), falling back
 * to the name's extension only to say what was expected. Bytes are decoded as Latin-1, which both
 * instruments' software writes (a Windows path in a .sed header may hold accented letters).
 */
export function readFieldFile(fileName: string, bytes: Uint8Array): FieldFile {
  if (bytes.length > MAX_FIELD_FILE_BYTES) throw new FieldFileError(fileName, `${bytes.length} bytes is larger than a spectrometer file (at most ${MAX_FIELD_FILE_BYTES / 1024 / 1024} MB)`);
  if (bytes.includes(0)) {
    throw new FieldFileError(fileName, 'a binary file (it holds zero bytes): only the instruments\' text exports are read (SVC .sig, Spectral Evolution .sed); ASD .asd binary files are not');
  }
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const firstLine = text.slice(0, 200).split(/\r\n|\r|\n/)[0].trim();
  const read = /Spectra Vista SIG Data/i.test(firstLine) || (/\.sig$/i.test(fileName) && !/^Comment:/i.test(firstLine)) ? readSvcSig : /^Comment:/i.test(firstLine) || /\.sed$/i.test(fileName) ? readSedFile : null;
  if (read) return withNameNotes(read(fileName, text));
  throw new FieldFileError(fileName, 'not a spectrometer file this service reads: an SVC .sig starts with "/*** Spectra Vista SIG Data ***/", a Spectral Evolution .sed with "Comment:"', 1);
}

/**
 * What a file's name says by field convention, passed on, never acted on: `_BAD` (its authors marked it
 * bad) and `_WR_` (a white-reference scan of the panel, not a target). Such files are still compared.
 */
function withNameNotes(file: FieldFile): FieldFile {
  const base = file.fileName.split('/').pop() ?? file.fileName;
  const notes = [...file.notes];
  if (/_BAD(\.|_)/i.test(base)) notes.push('the file name says BAD: its authors marked this scan as bad');
  if (/_WR_/i.test(base)) notes.push('the file name says WR: likely a white-reference (panel) scan, not a target');
  return { ...file, notes };
}
