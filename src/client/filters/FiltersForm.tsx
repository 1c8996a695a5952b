import type { FormEvent } from 'react';
import type { ImageSize } from '../urlState/readUrlState.js';
import { SceneChoice, type SceneChoiceValue } from '../analysis/SceneChoice.js';

export interface FilterValues {
  startDate: string;
  endDate: string;
  size: ImageSize;
  cloudCoverage: number;
  /** Pixel values from the most recent scene (/api/pixel latest=true) or every scene in the range. */
  scenes: SceneChoiceValue;
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
      <button type="submit" className="primary-button">
        Fetch Data
      </button>
    </form>
  );
}
