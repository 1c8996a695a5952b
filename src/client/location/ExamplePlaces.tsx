import './examplePlaces.css';
import type { Place } from './placeLabel.js';
import { DEFAULT_POINT, SYNTHETIC_DISTURBANCE_POINT } from '../../shared/defaults.js';

/**
 * Places to try in one click, so a first visit ends in a result rather than a blank search box. The
 * seed's default point comes first; the others show different landscapes that both the real archive
 * and the synthetic demo archive render well (forest and lakes, a bay, savanna, a river city, a cape).
 */
export const EXAMPLE_PLACES: readonly Place[] = [
  { name: 'Huntsville, Muskoka', country: 'Canada', lat: DEFAULT_POINT.lat, lon: DEFAULT_POINT.lon },
  { name: 'Tokyo', country: 'Japan', lat: 35.6895, lon: 139.6917 },
  { name: 'Nairobi', country: 'Kenya', lat: -1.2921, lon: 36.8219 },
  { name: 'Paris', country: 'France', lat: 48.8566, lon: 2.3522 },
  { name: 'Cape Town', country: 'South Africa', lat: -33.9249, lon: 18.4241 },
  // In the synthetic demo archive a fire burns here in 2008 (synthetic, for change detection to find).
  { name: 'Synthetic disturbance example', country: 'Kenya', lat: SYNTHETIC_DISTURBANCE_POINT.lat, lon: SYNTHETIC_DISTURBANCE_POINT.lon },
];

/** A row of buttons under the place search; choosing one is the same as choosing that search result. */
export function ExamplePlaces({ onSelect }: { onSelect: (place: Place) => void }) {
  return (
    <div className="example-places" role="group" aria-labelledby="example-places-label">
      <span id="example-places-label" className="example-places-label">
        Try:
      </span>
      {EXAMPLE_PLACES.map((place) => (
        <button key={place.name} type="button" className="example-place" onClick={() => onSelect(place)} title={place.name.startsWith('Synthetic') ? `In the synthetic demo archive: a synthetic ${SYNTHETIC_DISTURBANCE_POINT.kind} on ${SYNTHETIC_DISTURBANCE_POINT.onsetDate}` : `${place.name}, ${place.country}`}>
          {place.name}
        </button>
      ))}
    </div>
  );
}
