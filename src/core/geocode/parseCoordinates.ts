/**
 * A point typed in the place search box, in the forms people copy from maps, GPS units and papers:
 * decimal degrees with a comma or a space ("45.5, -73.6", "45.5 -73.6"), degrees-minutes(-seconds)
 * with symbols or spaces ("45°30'N 73°36'W", "45 30 0 N 73 36 0 W"), hemisphere letters before or
 * after the numbers ("N45.5 W73.6", "45.5N 73.6W"). Latitude comes first unless the letters say
 * otherwise ("73°36'W 45°30'N"). Written by hand: the coordinate parsers on npm read one of these
 * forms each, and this is a short grammar.
 */
export interface ParsedCoordinates {
  lat: number;
  lon: number;
}

const NUMBER = /\d+(?:\.\d+)?/g;

/** One coordinate's numbers as degrees: d, d m or d m s (minutes and seconds below 60). */
function degreesOf(part: string): number | null {
  const numbers = part.match(NUMBER)?.map(Number) ?? [];
  if (numbers.length < 1 || numbers.length > 3) return null;
  const [d, m = 0, s = 0] = numbers;
  if (m >= 60 || s >= 60 || (numbers.length > 1 && !Number.isInteger(d)) || (numbers.length > 2 && !Number.isInteger(m))) return null;
  const sign = /^\s*-/.test(part) ? -1 : 1;
  return sign * (d + m / 60 + s / 3600);
}

/** The two halves of the text and which of them is the latitude, or null when it is not a pair. */
function splitPair(text: string): { first: string; second: string; firstHemisphere?: string; secondHemisphere?: string } | null {
  const letters = [...text.matchAll(/[NSEW]/g)];
  if (letters.length === 2) {
    const [a, b] = letters;
    const leading = text.slice(0, a.index).trim() === '';
    if (leading) return { first: text.slice(a.index + 1, b.index), second: text.slice(b.index + 1), firstHemisphere: a[0], secondHemisphere: b[0] };
    if (text.slice(b.index + 1).trim() !== '') return null;
    return { first: text.slice(0, a.index), second: text.slice(a.index + 1, b.index), firstHemisphere: a[0], secondHemisphere: b[0] };
  }
  if (letters.length !== 0) return null;
  const separated = text.split(/[,;]/);
  if (separated.length === 2) return { first: separated[0], second: separated[1] };
  if (separated.length > 2) return null;
  // Spaces only: the numbers (each with its sign) split in two equal halves (d d, d m d m, d m s d m s).
  const signed = text.match(/-?\d+(?:\.\d+)?/g) ?? [];
  if (![2, 4, 6].includes(signed.length)) return null;
  const half = signed.length / 2;
  return { first: signed.slice(0, half).join(' '), second: signed.slice(half).join(' ') };
}

export function parseCoordinates(query: string): ParsedCoordinates | null {
  const text = query
    .toUpperCase()
    .replace(/[′’‘`´]/g, "'")
    .replace(/[″”“]/g, '"')
    .replace(/[º˚]/g, '°')
    .replace(/''/g, '"')
    .trim();
  // Only numbers, signs, degree/minute/second marks, separators and hemisphere letters: else a name.
  if (!/^[\d\s.,;:°'"+\-NSEW]+$/.test(text) || !/\d/.test(text)) return null;
  const pair = splitPair(text);
  if (!pair) return null;
  let first = degreesOf(pair.first);
  let second = degreesOf(pair.second);
  if (first === null || second === null) return null;
  const { firstHemisphere: h1, secondHemisphere: h2 } = pair;
  if (h1 && h2) {
    // A hemisphere letter replaces a sign, never adds to it.
    if (/^\s*-/.test(pair.first) || /^\s*-/.test(pair.second)) return null;
    const latFirst = 'NS'.includes(h1) && 'EW'.includes(h2);
    const lonFirst = 'EW'.includes(h1) && 'NS'.includes(h2);
    if (!latFirst && !lonFirst) return null;
    if (h1 === 'S' || h1 === 'W') first = -first;
    if (h2 === 'S' || h2 === 'W') second = -second;
    if (lonFirst) [first, second] = [second, first];
  }
  const lat = first;
  const lon = second;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon };
}
