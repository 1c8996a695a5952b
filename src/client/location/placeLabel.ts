import type { PlaceResult } from '../../shared/api/geocode.js';

/** A place the page can go to: a search result, or one of the example places (which name no population). */
export type Place = Omit<PlaceResult, 'population'> & { population?: number };

/** "Huntsville, Ontario, Canada": the region (state, province) tells same-named places apart. */
export function placeLabel(place: Place): string {
  return [place.name, place.region, place.country].filter((part) => part && part.trim() !== '').join(', ');
}

/** A natural feature's kind as words under its name ("Desert"); nothing for a town or a typed point. */
function kindWords(kind: string | undefined): string | undefined {
  if (!kind || kind === 'city' || kind === 'coordinates') return undefined;
  return kind.charAt(0).toUpperCase() + kind.slice(1);
}

/** The words under a result's name: a natural feature's kind, region and country, e.g. "Ontario, Canada" or "Desert · Mongolia". */
export function placeDetail(place: Place): string {
  const where = [place.region, place.country].filter((part) => part && part.trim() !== '').join(', ');
  return [kindWords(place.kind), where].filter((part) => part && part !== '').join(' · ');
}
