import { useId } from 'react';

/** Opacity of the scene image on the map, 0-1, as a labelled range input (arrow keys step 5 %). */
export function OpacitySlider({ value, onChange, label = 'Image opacity' }: { value: number; onChange: (opacity: number) => void; label?: string }) {
  const id = useId();
  const percent = Math.round(value * 100);
  return (
    <div className="opacity-slider">
      <label htmlFor={id}>
        {label}: {percent}%
      </label>
      <input id={id} type="range" min={0} max={100} step={5} value={percent} aria-valuetext={`${percent}%`} onChange={(e) => onChange(Number(e.target.value) / 100)} />
    </div>
  );
}
