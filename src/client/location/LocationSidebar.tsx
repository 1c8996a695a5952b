import type { PlaceResult } from '../api/apiTypes.js';
import { PlaceSearch } from './PlaceSearch.js';

export interface LocationSidebarProps {
  latText: string;
  lonText: string;
  onLatText: (text: string) => void;
  onLonText: (text: string) => void;
  /** Typed coordinates are used on Enter or when a field loses focus. */
  onCommitCoordinates: () => void;
  coordinateProblem: string | null;
  onPlace: (place: PlaceResult) => void;
  onUseCurrentPosition: () => void;
  locating: boolean;
  locationMessage: string;
  onNext: () => void;
}

/** Sidebar 'Search Location': place search, current position, typed coordinates and 'Next'. */
export function LocationSidebar(props: LocationSidebarProps) {
  const commitOnEnter = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      props.onCommitCoordinates();
    }
  };
  return (
    <aside className="sidebar" aria-labelledby="search-location-heading">
      <h2 id="search-location-heading">Search Location</h2>
      <PlaceSearch onSelect={props.onPlace} />
      <button type="button" className="secondary-button locate-button" onClick={props.onUseCurrentPosition} disabled={props.locating}>
        <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16" className="button-icon">
          <circle cx="8" cy="8" r="5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <circle cx="8" cy="8" r="1.8" fill="currentColor" />
          <path d="M8 0v3M8 13v3M0 8h3M13 8h3" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        {props.locating ? 'Finding your position...' : 'Use my current location'}
      </button>
      <p className="sidebar-message" role="status">
        {props.locationMessage}
      </p>
      <p>Or input Lat/Long manually:</p>
      <div className="field">
        <label htmlFor="latitude-input">Latitude</label>
        <input
          id="latitude-input"
          name="latitude"
          type="number"
          step="any"
          min={-90}
          max={90}
          required
          inputMode="decimal"
          value={props.latText}
          onChange={(e) => props.onLatText(e.target.value)}
          onKeyDown={commitOnEnter}
          onBlur={props.onCommitCoordinates}
          aria-invalid={props.coordinateProblem?.startsWith('Latitude') ? true : undefined}
          aria-describedby="coordinate-problem"
        />
      </div>
      <div className="field">
        <label htmlFor="longitude-input">Longitude</label>
        <input
          id="longitude-input"
          name="longitude"
          type="number"
          step="any"
          min={-180}
          max={180}
          required
          inputMode="decimal"
          value={props.lonText}
          onChange={(e) => props.onLonText(e.target.value)}
          onKeyDown={commitOnEnter}
          onBlur={props.onCommitCoordinates}
          aria-invalid={props.coordinateProblem?.startsWith('Longitude') ? true : undefined}
          aria-describedby="coordinate-problem"
        />
      </div>
      <p id="coordinate-problem" className="field-error" role="alert">
        {props.coordinateProblem ?? ''}
      </p>
      <button type="button" className="primary-button" onClick={props.onNext}>
        Next
      </button>
    </aside>
  );
}
