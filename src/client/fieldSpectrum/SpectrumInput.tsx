import { useId, useRef } from 'react';
import { COMPARE_BODY_LIMIT_BYTES } from '../../shared/compareLimits.js';
import { describeParsedSpectrum, type ParsedSpectrum, type ParseOptions } from './parseSpectrumText.js';

export interface SpectrumInputProps {
  text: string;
  onText: (text: string) => void;
  options: ParseOptions;
  onOptions: (options: ParseOptions) => void;
  parsed: ParsedSpectrum | null;
  parseProblem: string | null;
  onFileProblem: (problem: string | null) => void;
}

const EXAMPLE = 'wavelength_nm,reflectance\n400,0.04\n450,0.05\n…';

/** Paste or upload a spectroradiometer export; shows what was detected and lets the person correct it. */
export function SpectrumInput({ text, onText, options, onOptions, parsed, parseProblem, onFileProblem }: SpectrumInputProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > COMPARE_BODY_LIMIT_BYTES) {
      onFileProblem(`${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; at most 1 MB is accepted. Resample it (e.g. to 1 nm) or paste part of it.`);
      return;
    }
    onFileProblem(null);
    onText(await file.text());
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <div className="spectrum-input">
      <label htmlFor={`${id}-file`}>Upload a spectrum file (CSV or text export, at most 1 MB)</label>
      <input id={`${id}-file`} ref={fileInput} type="file" accept=".csv,.txt,.sig,.sed,.asd,text/plain,text/csv" onChange={(e) => void readFile(e.target.files?.[0])} />
      <label htmlFor={`${id}-text`}>…or paste it: one wavelength and reflectance per line</label>
      <textarea id={`${id}-text`} rows={8} value={text} placeholder={EXAMPLE} spellCheck={false} onChange={(e) => onText(e.target.value)} />
      <div className="spectrum-units" role="group" aria-label="Units of the spectrum">
        <label>
          Wavelength unit{' '}
          <select value={options.wavelengthUnit ?? ''} onChange={(e) => onOptions({ ...options, wavelengthUnit: (e.target.value || undefined) as ParseOptions['wavelengthUnit'] })}>
            <option value="">detect</option>
            <option value="nm">nm</option>
            <option value="um">µm</option>
          </select>
        </label>
        <label>
          Reflectance as{' '}
          <select value={options.reflectanceUnit ?? ''} onChange={(e) => onOptions({ ...options, reflectanceUnit: (e.target.value || undefined) as ParseOptions['reflectanceUnit'] })}>
            <option value="">detect</option>
            <option value="fraction">0-1</option>
            <option value="percent">percent</option>
          </select>
        </label>
        {parsed && parsed.columns.length > 2 && (
          <label>
            Reflectance column{' '}
            <select value={parsed.reflectanceColumn} onChange={(e) => onOptions({ ...options, reflectanceColumn: Number(e.target.value) })}>
              {parsed.columns.slice(1).map((name, i) => (
                <option key={name + i} value={i + 1}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <p className={parseProblem ? 'field-error' : 'muted'} role="status" aria-live="polite">
        {parseProblem ?? (parsed ? describeParsedSpectrum(parsed) : 'Nothing read yet.')}
      </p>
    </div>
  );
}
