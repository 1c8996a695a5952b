import { FieldFileError, quote } from './fieldFile.js';

/** One data line split into numbers, with its 1-based line number. */
export interface NumberRow {
  line: number;
  values: number[];
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The data lines from `firstIndex` (0-based) to the end: each must hold exactly `columns` numbers
 * separated by white space. Trailing blank lines are the end of the file; a blank or non-numeric line
 * among the data is refused by its number.
 */
export function readNumberRows(fileName: string, lines: readonly string[], firstIndex: number, columns: number, columnWords: string): NumberRow[] {
  let last = lines.length - 1;
  while (last >= firstIndex && lines[last].trim() === '') last--;
  const rows: NumberRow[] = [];
  for (let i = firstIndex; i <= last; i++) {
    const text = lines[i].trim();
    const line = i + 1;
    if (text === '') throw new FieldFileError(fileName, `an empty line among the data lines (each holds ${columnWords})`, line);
    const fields = text.split(/\s+/);
    if (fields.length !== columns || !fields.every((f) => NUMBER.test(f))) {
      throw new FieldFileError(fileName, `${quote(text)} is not a data line of ${columns} numbers (${columnWords})`, line);
    }
    rows.push({ line, values: fields.map(Number) });
  }
  return rows;
}

/**
 * Where a data line seems to be missing: the line after the largest wavelength step that is more than
 * 1.8 times the steps on both sides of it (instruments step evenly within a detector). Null when no step stands out.
 */
export function missingLineHint(rows: readonly NumberRow[]): { line: number; fromNm: number; toNm: number; usualNm: number } | null {
  let best: { line: number; fromNm: number; toNm: number; usualNm: number; ratio: number } | null = null;
  for (let i = 2; i < rows.length - 1; i++) {
    const step = rows[i].values[0] - rows[i - 1].values[0];
    const before = rows[i - 1].values[0] - rows[i - 2].values[0];
    const after = rows[i + 1].values[0] - rows[i].values[0];
    const usual = Math.max(before, after);
    if (before <= 0 || after <= 0 || step <= 1.8 * usual) continue;
    const ratio = step / usual;
    if (!best || ratio > best.ratio) best = { line: rows[i].line, fromNm: rows[i - 1].values[0], toNm: rows[i].values[0], usualNm: usual, ratio };
  }
  return best && { line: best.line, fromNm: best.fromNm, toNm: best.toNm, usualNm: Number(best.usualNm.toFixed(3)) };
}

/** The refusal for a data section whose length is not what the header says, naming the line where it goes wrong when it can. */
export function countMismatch(fileName: string, rows: readonly NumberRow[], expected: number, expectedWhy: string): FieldFileError {
  const found = rows.length;
  const range = found > 0 ? `lines ${rows[0].line}-${rows[found - 1].line}` : 'no lines';
  if (found < expected) {
    const hint = missingLineHint(rows);
    if (hint) {
      return new FieldFileError(
        fileName,
        `${found} data lines (${range}) where ${expectedWhy} ${expected}: the wavelength jumps from ${hint.fromNm} to ${hint.toNm} nm where the neighbouring steps are about ${hint.usualNm} nm, so a line is missing before this one`,
        hint.line,
      );
    }
    return new FieldFileError(fileName, `${found} data lines (${range}) where ${expectedWhy} ${expected}: ${expected - found} line(s) missing`, rows[found - 1]?.line);
  }
  return new FieldFileError(fileName, `${found} data lines (${range}) where ${expectedWhy} ${expected}: ${found - expected} line(s) too many; the first one past the count is this line`, rows[expected]?.line);
}
