import { BAND_CATALOG, BAND_IDS, type BandId } from '../../core/bands/bandCatalog.js';

export interface BandCardsProps {
  selected: ReadonlySet<BandId>;
  onToggle: (id: BandId, checked: boolean) => void;
}

/**
 * One flip card per band: the front shows the label, the back the description. Cards flip on hover
 * and when their checkbox has keyboard focus (CSS :hover / :focus-within), so the description is
 * reachable without a mouse; it is also the checkbox's accessible description.
 */
export function BandCards({ selected, onToggle }: BandCardsProps) {
  return (
    <ul className="band-cards">
      {BAND_IDS.map((id) => {
        const band = BAND_CATALOG[id];
        const level1Only = band.asset === null;
        return (
          <li key={id} className={`band-card${level1Only ? ' level1-only' : ''}${selected.has(id) ? ' selected' : ''}`}>
            <div className="band-card-flipper">
              <div className="band-card-face band-card-front">
                <span className="band-id">{id}</span>
                <span className="band-label">{band.label}</span>
                {level1Only && <span className="band-badge">Level-1 only</span>}
              </div>
              <div className="band-card-face band-card-back" id={`band-${id}-description`}>
                {band.description}
              </div>
            </div>
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
