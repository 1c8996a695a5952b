import { createEvents, type EventAttributes } from 'ics';
import { satelliteName } from '../../shared/satelliteName.js';
import type { LngLat } from '../geo/lngLat.js';
import type { Overpass } from './overpass.js';

const pad3 = (n: number) => String(n).padStart(3, '0');

/**
 * An iCalendar feed (RFC 5545) with one event per predicted pass, generated with the maintained
 * `ics` package. Times are UTC (DTSTART …Z): passes are scheduled in UTC and every calendar shows
 * them in its own zone. UIDs are stable per satellite, path/row and day, so a subscribed calendar
 * updates its events instead of duplicating them.
 */
export function overpassCalendar(passes: readonly Overpass[], options: { lngLat: LngLat; pageLink: (pass: Overpass) => string }): string {
  const [lon, lat] = options.lngLat;
  const place = `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
  const events: EventAttributes[] = passes.map((pass) => {
    const name = satelliteName(pass.satellite);
    const time = pass.datetime.slice(11, 16);
    const link = options.pageLink(pass);
    return {
      uid: `${pass.satellite}-${pad3(pass.path)}-${pad3(pass.row)}-${pass.datetime.slice(0, 10)}@landsat-on-the-fly`,
      start: new Date(pass.datetime).getTime(),
      startInputType: 'utc',
      startOutputType: 'utc',
      // A WRS-2 scene is imaged in about 24 s; a minute keeps the event visible in calendars.
      duration: { minutes: 1 },
      title: `${name} pass, path ${pass.path} row ${pass.row}`,
      description: `${name} images WRS-2 path ${pass.path}, row ${pass.row} over ${place} around ${time} UTC (predicted scene-centre time). Open the scene in Landsat On the Fly: ${link}`,
      url: link,
      geo: { lat, lon },
      categories: ['Landsat', name],
      transp: 'TRANSPARENT',
    };
  });
  const header = { productId: 'landsat-on-the-fly/overpasses', method: 'PUBLISH' as const, calName: `Landsat 8/9 passes over ${place}` };
  let { error, value } = createEvents(events, header);
  if (error) {
    // The `ics` package's URL check refuses some valid links (IP-literal hosts http://[::1]:8080/…,
    // one-digit ports http://localhost:8/…): then the events go without URL property; the link stays
    // in the description, where calendars still make it clickable.
    ({ error, value } = createEvents(events.map(({ url: _url, ...event }) => event), header));
  }
  if (error || value === null) throw error ?? new Error('the iCalendar feed could not be generated');
  return value;
}
