import type { Place } from './placeLabel.js';
import { PlaceSearch } from './PlaceSearch.js';
import { ExamplePlaces } from './ExamplePlaces.js';

export interface LocationSidebarProps {
  latText: string;
  lonText: string;
  onLatText: (text: string) => void;
  onLonText: (text: string) => void;
  /** Typed coordinates are used on Enter or when a field loses focus. */
  onCommitCoordinates: () => void;
  coordinateProblem: string | null;
  onPlace: (place: Place) => void;
  onUseCurrentPosition: () => void;
  locating: boolean;
  locationMessage: string;
  onNext: () => void;
}

interface CoordinateFieldProps {
  axis: 'Latitude' | 'Longitude';
  /** The value's range is -limit..limit degrees. */
  limit: number;
  text: string;
  onText: (text: string) => void;
  onKeyDown: (e: React.KeyboardEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  problem: string | null;
}

/** One labelled, required, any-step coordinate input; marked invalid when the problem names its axis. */
function CoordinateField({ axis, limit, text, onText, onKeyDown, onBlur, problem }: CoordinateFieldProps) {
  const id = `${axis.toLowerCase()}-input`;
  return (
    <div className="field">
      <label htmlFor={id}>{axis}</label>
      <input
        id={id}
        name={axis.toLowerCase()}
        // Text, not number: a number input reads "10,2" as 102 in some locales and hides what was typed.
        type="text"
        required
        inputMode="decimal"
        autoComplete="off"
        title={`A decimal number from -${limit} to ${limit}`}
        value={text}
        onChange={(e) => onText(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        aria-invalid={problem?.startsWith(axis) ? true : undefined}
        aria-describedby="coordinate-problem"
      />
    </div>
  );
}

/** Sidebar 'Search Location': place search, current position, typed coordinates and 'Next'. */
export function LocationSidebar(props: LocationSidebarProps) {
  const commitOnEnter = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      props.onCommitCoordinates();
    }
  };
  const fieldEvents = { onKeyDown: commitOnEnter, onBlur: props.onCommitCoordinates, problem: props.coordinateProblem };
  return (
    <aside className="sidebar" aria-labelledby="search-location-heading">
      <h2 id="search-location-heading">Search Location</h2>
      <PlaceSearch onSelect={props.onPlace} />
      <ExamplePlaces onSelect={props.onPlace} />
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
      <CoordinateField axis="Latitude" limit={90} text={props.latText} onText={props.onLatText} {...fieldEvents} />
      <CoordinateField axis="Longitude" limit={180} text={props.lonText} onText={props.onLonText} {...fieldEvents} />
      <p id="coordinate-problem" className="field-error" role="alert">
        {props.coordinateProblem ?? ''}
      </p>
      <button type="button" className="primary-button" onClick={props.onNext}>
        Next
      </button>
    </aside>
  );
}
