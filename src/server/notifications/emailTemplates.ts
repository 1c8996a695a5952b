import { satelliteName } from '../../shared/satelliteName.js';
import { escapeHtml } from '../escapeHtml.js';

/** A rendered email, ready for the outbox. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface SubscriptionPoint {
  lat: number;
  lon: number;
  leadTimeHours: number;
  maxCloudCover: number;
}

export interface SubscriptionLinks {
  view: string;
  unsubscribe: string;
}

/** Coordinates as the page shows them: 6 decimals, (lat, lon). */
export const formatLatLon = (lat: number, lon: number) => `(${lat.toFixed(6)}, ${lon.toFixed(6)})`;

/** 'landsat-9' -> 'Landsat 9' */

/** ISO datetime -> { date: 'YYYY-MM-DD', time: 'HH:MM' } in UTC. */
export function utcDateTime(iso: string): { date: string; time: string } {
  const d = new Date(iso);
  const s = d.toISOString();
  return { date: s.slice(0, 10), time: s.slice(11, 16) };
}

/** The page's URL opened at a point and a single day, as the seed page reads it from its query string. */
export function pageLink(publicUrl: string, p: { lat: number; lon: number; date: string; cloud: number }): string {
  const q = new URLSearchParams({
    lat: p.lat.toFixed(6),
    lon: p.lon.toFixed(6),
    startDate: p.date,
    endDate: p.date,
    size: '3x3',
    cloud: String(Math.min(100, Math.max(0, Math.ceil(p.cloud)))),
  });
  return `${publicUrl}/?${q.toString()}`;
}

/** Paragraphs (each a list of text and link parts) -> text and HTML bodies. */
type Part = string | { href: string; label: string };
function renderBodies(paragraphs: Part[][]): { text: string; html: string } {
  const text = paragraphs
    .map((parts) => parts.map((p) => (typeof p === 'string' ? p : `${p.label}: ${p.href}`)).join(''))
    .join('\n\n');
  const html =
    '<!doctype html><html><body style="font-family:sans-serif">' +
    paragraphs
      .map(
        (parts) =>
          '<p>' +
          parts
            .map((p) => (typeof p === 'string' ? escapeHtml(p) : `<a href="${escapeHtml(p.href)}">${escapeHtml(p.label)}</a>`))
            .join('') +
          '</p>',
      )
      .join('') +
    '</body></html>';
  return { text: text + '\n', html };
}

const footer = (links: SubscriptionLinks): Part[][] => [
  ['— Landsat On the Fly'],
  [{ href: links.view, label: 'Your alert settings' }, ' · ', { href: links.unsubscribe, label: 'Unsubscribe (one click)' }],
];

export function confirmationEmail(
  sub: SubscriptionPoint,
  links: SubscriptionLinks & { confirm: string },
): RenderedEmail {
  const where = formatLatLon(sub.lat, sub.lon);
  return {
    subject: `Confirm your Landsat overpass alerts for ${where}`,
    ...renderBodies([
      [
        `Someone, hopefully you, asked to be emailed ${sub.leadTimeHours} hours before each Landsat 8 and 9 pass over ${where}, ` +
          `and when each new scene with at most ${sub.maxCloudCover}% cloud cover is published.`,
      ],
      ['Nothing will be sent unless you confirm: ', { href: links.confirm, label: 'Confirm my alerts' }],
      ['If it was not you, ignore this email; you will not hear from us again.'],
      ...footer(links),
    ]),
  };
}

export function prePassEmail(
  sub: SubscriptionPoint,
  pass: { satellite: string; path: number; row: number; datetime: string },
  links: SubscriptionLinks,
): RenderedEmail {
  const where = formatLatLon(sub.lat, sub.lon);
  const { date, time } = utcDateTime(pass.datetime);
  const headline = `${satelliteName(pass.satellite)} passes over ${where} on ${date} at ${time} UTC (WRS-2 ${pass.path}/${pass.row})`;
  return {
    subject: headline,
    ...renderBodies([
      [`${headline}.`],
      [
        `After the pass we watch the archive and email you when the new scene is published ` +
          `(it usually takes a few hours to a few days), or if it is cloudier than your limit of ${sub.maxCloudCover}%.`,
      ],
      ...footer(links),
    ]),
  };
}

export interface SceneFacts {
  satellite: string;
  sceneId: string;
  datetime: string;
  cloudCover: number;
  synthetic: boolean;
}

const syntheticNote = (synthetic: boolean): Part[][] =>
  synthetic ? [['Note: this is a synthetic demo scene; the server runs on a generated archive, not real Landsat data.']] : [];

export function sceneReadyEmail(sub: SubscriptionPoint, scene: SceneFacts, publicUrl: string, links: SubscriptionLinks): RenderedEmail {
  const where = formatLatLon(sub.lat, sub.lon);
  const { date } = utcDateTime(scene.datetime);
  const cloud = `${scene.cloudCover.toFixed(1)}%`;
  const open = pageLink(publicUrl, { lat: sub.lat, lon: sub.lon, date, cloud: Math.max(sub.maxCloudCover, scene.cloudCover) });
  return {
    subject: `Your new ${satelliteName(scene.satellite)} scene of ${where} is ready: ${cloud} cloud cover${scene.synthetic ? ' (synthetic demo scene)' : ''}`,
    ...renderBodies([
      [`Your new scene is ready: ${satelliteName(scene.satellite)} imaged ${where} on ${date}, with ${cloud} cloud cover (your limit: ${sub.maxCloudCover}%).`],
      [`Scene ${scene.sceneId}.`],
      ...syntheticNote(scene.synthetic),
      ['Open it on the map: ', { href: open, label: 'Landsat On the Fly' }],
      ...footer(links),
    ]),
  };
}

export function tooCloudyEmail(sub: SubscriptionPoint, scene: SceneFacts, publicUrl: string, links: SubscriptionLinks): RenderedEmail {
  const where = formatLatLon(sub.lat, sub.lon);
  const { date } = utcDateTime(scene.datetime);
  const cloud = `${scene.cloudCover.toFixed(1)}%`;
  const open = pageLink(publicUrl, { lat: sub.lat, lon: sub.lon, date, cloud: scene.cloudCover });
  return {
    subject: `The new ${satelliteName(scene.satellite)} scene of ${where} was too cloudy: ${cloud} cloud cover${scene.synthetic ? ' (synthetic demo scene)' : ''}`,
    ...renderBodies([
      [`The ${satelliteName(scene.satellite)} scene of ${where} from ${date} was too cloudy: ${cloud} cloud cover, above your limit of ${sub.maxCloudCover}%.`],
      [`Scene ${scene.sceneId}.`],
      ...syntheticNote(scene.synthetic),
      ['You can still look at it: ', { href: open, label: 'Landsat On the Fly' }],
      ...footer(links),
    ]),
  };
}

export function noSceneEmail(
  sub: SubscriptionPoint,
  pass: { satellite: string; path: number; row: number; datetime: string },
  waitedDays: number,
  links: SubscriptionLinks,
): RenderedEmail {
  const where = formatLatLon(sub.lat, sub.lon);
  const { date } = utcDateTime(pass.datetime);
  return {
    subject: `No new ${satelliteName(pass.satellite)} scene of ${where} appeared after the ${date} pass`,
    ...renderBodies([
      [
        `${satelliteName(pass.satellite)} passed over ${where} on ${date} (WRS-2 ${pass.path}/${pass.row}), ` +
          `but no scene appeared in the archive within ${waitedDays} days, so we stopped watching for it. ` +
          `The satellite may not have imaged it, or the scene was not processed to Level 2.`,
      ],
      ...footer(links),
    ]),
  };
}
