import { BAND_CATALOG } from '../../core/bands/bandCatalog.js';
import { OLI_BAND_IDS, type OliBandId } from '../../core/spectral/oliRsr.js';

export type TypedBands = Partial<Record<OliBandId, string>>;

/** Per-band reflectance from a multispectral radiometer or a table: the typed text, read on submit. */
export function BandValuesInput({ values, onChange, percent, onPercent }: { values: TypedBands; onChange: (v: TypedBands) => void; percent: boolean; onPercent: (p: boolean) => void }) {
  return (
    <fieldset className="band-values">
      <legend>Reflectance per band (leave a band empty to skip it)</legend>
      <label className="band-values-unit">
        <input type="checkbox" checked={percent} onChange={(e) => onPercent(e.target.checked)} /> Values are in percent
      </label>
      <div className="band-values-grid">
        {OLI_BAND_IDS.map((band) => (
          <label key={band}>
            <span>
              {band} {BAND_CATALOG[band].label}
            </span>
            <input inputMode="decimal" value={values[band] ?? ''} onChange={(e) => onChange({ ...values, [band]: e.target.value })} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Typed text -> {B04: 0.08}; a problem in words when a value is not a number. */
export function readTypedBands(values: TypedBands, percent: boolean): { bands: Partial<Record<OliBandId, number>>; problem: string | null } {
  const bands: Partial<Record<OliBandId, number>> = {};
  for (const band of OLI_BAND_IDS) {
    const text = values[band]?.trim().replace(',', '.');
    if (!text) continue;
    const n = Number(text);
    if (!Number.isFinite(n)) return { bands, problem: `${band}: "${values[band]}" is not a number.` };
    bands[band] = percent ? n / 100 : n;
  }
  if (Object.keys(bands).length === 0) return { bands, problem: 'Type at least one band value.' };
  return { bands, problem: null };
}
