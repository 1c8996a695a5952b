import type { LngLat } from '../geo/lngLat.js';

const RAD = Math.PI / 180;

/**
 * Sun elevation and azimuth (degrees, azimuth clockwise from north) at a time and place, from the
 * low-precision solar coordinates of the Astronomical Almanac (good to about 0.01 degree between 1950
 * and 2050: https://aa.usno.navy.mil/faq/sun_approx). Enough for the view:sun_* of synthetic items.
 */
export function sunPosition(date: Date, lngLat: LngLat): { elevationDeg: number; azimuthDeg: number } {
  const n = date.getTime() / 86_400_000 + 2440587.5 - 2451545.0; // days since J2000.0
  const meanLongitude = (280.46 + 0.9856474 * n) % 360;
  const meanAnomaly = ((357.528 + 0.9856003 * n) % 360) * RAD;
  const eclipticLongitude = (meanLongitude + 1.915 * Math.sin(meanAnomaly) + 0.02 * Math.sin(2 * meanAnomaly)) * RAD;
  const obliquity = (23.439 - 0.0000004 * n) * RAD;
  const rightAscension = Math.atan2(Math.cos(obliquity) * Math.sin(eclipticLongitude), Math.cos(eclipticLongitude));
  const declination = Math.asin(Math.sin(obliquity) * Math.sin(eclipticLongitude));
  const gmstHours = (18.697374558 + 24.06570982441908 * n) % 24;
  const hourAngle = (gmstHours * 15 + lngLat[0]) * RAD - rightAscension;
  const lat = lngLat[1] * RAD;
  const elevation = Math.asin(
    Math.sin(lat) * Math.sin(declination) + Math.cos(lat) * Math.cos(declination) * Math.cos(hourAngle),
  );
  const azimuth = Math.atan2(
    -Math.sin(hourAngle) * Math.cos(declination),
    Math.sin(declination) * Math.cos(lat) - Math.cos(declination) * Math.sin(lat) * Math.cos(hourAngle),
  );
  return { elevationDeg: elevation / RAD, azimuthDeg: ((azimuth / RAD) % 360 + 360) % 360 };
}
