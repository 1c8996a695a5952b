import '../series/analysis.css';
import { useId } from 'react';

export type SceneChoiceValue = 'latest' | 'all';

/**
 * "Most recent scene" or "all scenes in the date range" for the pixel comparison
 * (/api/pixel `latest=true` or not). Radio buttons: one choice, arrow keys move between them.
 */
export function SceneChoice({ value, onChange }: { value: SceneChoiceValue; onChange: (value: SceneChoiceValue) => void }) {
  const name = useId();
  return (
    <fieldset className="scene-choice">
      <legend>Scenes for the pixel values</legend>
      <label>
        <input type="radio" name={name} value="latest" checked={value === 'latest'} onChange={() => onChange('latest')} /> Most recent scene
      </label>
      <label>
        <input type="radio" name={name} value="all" checked={value === 'all'} onChange={() => onChange('all')} /> All scenes in the date range
      </label>
    </fieldset>
  );
}
