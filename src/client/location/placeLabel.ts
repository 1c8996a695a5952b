import type { PlaceResult } from '../api/apiTypes.js';

/** "Huntsville, Ontario, Canada": the region (state, province) tells same-named places apart. */
export function placeLabel(place: PlaceResult): string {
  return [place.name, place.region, place.country].filter((part) => part && part.trim() !== '').join(', ');
}

/** The words under a result's name: region and country, e.g. "Ontario, Canada". */
export function placeDetail(place: PlaceResult): string {
  return [place.region, place.country].filter((part) => part && part.trim() !== '').join(', ');
}
