import type { FormEvent } from 'react';
import type { ImageSize } from './imageSize.js';
import { DEFAULT_MASK_TEXT, MaskChoice } from './MaskChoice.js';
import { SceneChoice, type SceneChoiceValue } from './SceneChoice.js';

export interface FilterValues {
  startDate: string;
  endDate: string;
  size: ImageSize;
  cloudCoverage: number;
  /** Pixel values from the most recent scene (/api/pixel latest=true) or every scene in the range. */
  scenes: SceneChoiceValue;
  /** The API's `mask` (what is not clear), e.g. "cloud,dilated_cloud,cirrus,shadow"; absent means the default. */
  mask?: string;
  /** Landsat 4/5 TM and 7 ETM+ reflectance harmonised to Landsat 8/9 OLI (Roy et al. 2016). */
  harmonize?: boolean;
}

export interface FiltersFormProps {
  values: FilterValues;
  onChange: (values: FilterValues) => void;
  /** Called after the browser's own checks (required fields) pass. */
  onSubmit: () => void;
  /** Why the dates cannot be searched (shown at the date fields; Fetch Data sends nothing meanwhile). */
  dateProblem?: string | null;
}

/** Sidebar 'Filters': date range, image size, cloud-coverage limit and 'Fetch Data'. */
export function FiltersForm({ values, onChange, onSubmit, dateProblem = null }: FiltersFormProps) {
  const dateInvalid = dateProblem ? true : undefined;
  const set = <K extends keyof FilterValues>(key: K, value: FilterValues[K]) => onChange({ ...values, [key]: value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form className="filters-form" onSubmit={submit} aria-labelledby="filters-heading">
      <h2 id="filters-heading">Filters</h2>
      <div className="field">
        <label htmlFor="start-date">Start Date</label>
        <input id="start-date" type="date" required value={values.startDate} onChange={(e) => set('startDate', e.target.value)} aria-invalid={dateInvalid} aria-describedby="date-problem" />
      </div>
      <div className="field">
        <label htmlFor="end-date">End Date</label>
        <input id="end-date" type="date" required value={values.endDate} onChange={(e) => set('endDate', e.target.value)} aria-invalid={dateInvalid} aria-describedby="date-problem" />
      </div>
      <p id="date-problem" className="field-error" role="alert">
        {dateProblem ?? ''}
      </p>
      <div className="field">
        <label htmlFor="image-size">Pick the Image Size</label>
        <select id="image-size" required value={values.size} onChange={(e) => set('size', e.target.value as ImageSize)}>
          <option value="3x3">3x3</option>
          <option value="full">Full</option>
        </select>
      </div>
      <SceneChoice value={values.scenes} onChange={(scenes) => set('scenes', scenes)} />
      <div className="field">
        <label htmlFor="filter-cloud">Cloud Coverage: {values.cloudCoverage}%</label>
        <input
          id="filter-cloud"
          type="range"
          min={0}
          max={100}
          step={1}
          value={values.cloudCoverage}
          onChange={(e) => set('cloudCoverage', Number(e.target.value))}
        />
      </div>
      <MaskChoice value={values.mask ?? DEFAULT_MASK_TEXT} onChange={(mask) => set('mask', mask)} />
      <div className="field harmonize-field">
        <label>
          <input type="checkbox" checked={Boolean(values.harmonize)} onChange={(e) => set('harmonize', e.target.checked)} /> Harmonise TM/ETM+ to OLI
        </label>
        <p className="muted harmonize-hint">
          Landsat 4, 5 and 7 reflectance adjusted to Landsat 8/9 OLI with Roy et al. (2016)'s coefficients, so the record from 1982 is on one scale. Off: values as archived.
        </p>
      </div>
      <button type="submit" className="primary-button">
        Fetch Data
      </button>
    </form>
  );
}
