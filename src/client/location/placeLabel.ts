import type { PlaceResult } from '../../shared/api/geocode.js';

/** A place the page can go to: a search result, or one of the example places (which name no population). */
export type Place = Omit<PlaceResult, 'population'> & { population?: number };

/** "Huntsville, Ontario, Canada": the region (state, province) tells same-named places apart. */
export function placeLabel(place: Place): string {
  return [place.name, place.region, place.country].filter((part) => part && part.trim() !== '').join(', ');
}

/** The words under a result's name: region and country, e.g. "Ontario, Canada". */
export function placeDetail(place: Place): string {
  return [place.region, place.country].filter((part) => part && part.trim() !== '').join(', ');
}
