import '../series/analysis.css';
import { useId } from 'react';
import { ANALYSIS_AREAS, ANALYSIS_AREA_LABEL, type AnalysisArea } from './analysisArea.js';

/**
 * The statistics area, chosen once for the point however it was picked: the scene box (default,
 * the seed's) or a square around the point, drawn on the map. Radio buttons: arrow keys move.
 */
export function AreaChoice({ value, onChange, note }: { value: AnalysisArea; onChange: (area: AnalysisArea) => void; note?: string }) {
  const name = useId();
  return (
    <fieldset className="area-choice">
      <legend>Area for the statistics and the full image</legend>
      <div className="area-choice-options">
        {ANALYSIS_AREAS.map((area) => (
          <label key={area}>
            <input type="radio" name={name} value={area} checked={value === area} onChange={() => onChange(area)} /> {ANALYSIS_AREA_LABEL[area]}
          </label>
        ))}
      </div>
      {note && <p className="muted area-choice-note">{note}</p>}
    </fieldset>
  );
}
