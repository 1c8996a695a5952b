import { bandNameOnSatellite } from '../../core/bands/sensorBandName.js';
import { useState } from 'react';
import { BAND_CATALOG, BAND_IDS, type BandId } from '../../core/bands/bandCatalog.js';

export interface BandCardsProps {
  selected: ReadonlySet<BandId>;
  onToggle: (id: BandId, checked: boolean) => void;
}

/**
 * One flip card per band: the front shows the label, the back the description. Cards flip on hover,
 * when the card or its checkbox has keyboard focus (CSS :hover / :focus-within), and on a tap or
 * click of the card itself (a toggle button: touch screens have no hover), so the description is
 * reachable without a mouse; it is also the checkbox's accessible description.
 */
export function BandCards({ selected, onToggle }: BandCardsProps) {
  const [flipped, setFlipped] = useState<ReadonlySet<BandId>>(new Set());
  const toggleFlip = (id: BandId) =>
    setFlipped((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <ul className="band-cards">
      {BAND_IDS.map((id) => {
        const band = BAND_CATALOG[id];
        const level1Only = band.asset === null;
        return (
          <li key={id} className={`band-card${level1Only ? ' level1-only' : ''}${selected.has(id) ? ' selected' : ''}${flipped.has(id) ? ' flipped' : ''}`}>
            <button
              type="button"
              className="band-card-flipper"
              aria-expanded={flipped.has(id)}
              aria-controls={`band-${id}-description`}
              aria-label={`${id} ${band.label}: ${flipped.has(id) ? 'hide' : 'show'} the description`}
              onClick={() => toggleFlip(id)}
            >
              <span className="band-card-face band-card-front">
                <span className="band-id">{id}</span>
                <span className="band-label">{band.label}</span>
                <span className="band-sensor">{bandNameOnSatellite(id)}</span>
                {level1Only && <span className="band-badge">Level-1 only</span>}
                <span className="band-flip-hint" aria-hidden="true">
                  Tap for details
                </span>
              </span>
              <span className="band-card-face band-card-back" id={`band-${id}-description`}>
                {band.description}
              </span>
            </button>
            <label className="band-pick">
              <input
                type="checkbox"
                aria-label={band.label}
                aria-describedby={level1Only ? `band-${id}-description band-${id}-reason` : `band-${id}-description`}
                checked={selected.has(id)}
                onChange={(e) => onToggle(id, e.target.checked)}
              />
              <span aria-hidden="true">Select</span>
            </label>
            {level1Only && (
              <p className="band-reason" id={`band-${id}-reason`}>
                {band.unavailableReason}.
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
