import '../series/analysis.css';
import { DEFAULT_MASK, MASK_WORDS, maskToText, parseMask, type MaskWord } from '../../core/raster/clearPixel.js';

const LABEL: Record<MaskWord, string> = {
  cloud: 'Cloud',
  dilated_cloud: 'Near cloud (dilated)',
  cirrus: 'Cirrus',
  shadow: 'Cloud shadow',
  snow: 'Snow / ice',
  water: 'Water',
};

/** The API's default mask text, which the page leaves out of its URLs. */
export const DEFAULT_MASK_TEXT = maskToText(DEFAULT_MASK);

/**
 * What counts as not clear in every statistic, index and table (the API's `mask`, one rule in
 * core/raster/clearPixel.ts). Ticked words are masked; nothing ticked keeps every imaged pixel.
 */
export function MaskChoice({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const masked = parseMask(value);
  const toggle = (word: MaskWord, on: boolean) => {
    const next = new Set(masked);
    if (on) next.add(word);
    else next.delete(word);
    onChange(maskToText(next));
  };
  return (
    <fieldset className="scene-choice mask-choice">
      <legend>Not clear (left out of statistics)</legend>
      {MASK_WORDS.map((word) => (
        <label key={word}>
          <input type="checkbox" checked={masked.has(word)} onChange={(e) => toggle(word, e.target.checked)} /> {LABEL[word]}
        </label>
      ))}
    </fieldset>
  );
}
