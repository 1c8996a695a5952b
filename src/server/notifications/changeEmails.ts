/**
 * The emails of change watches (issue 34 item 6): the confirmation, and "possible change since DATE"
 * with the change per band in numbers and a link to the page's "What changed here?" section.
 */
import { breakWords, type ChangeBandId } from '../../shared/changeModel.js';
import { footer, formatLatLon, renderBodies, type RenderedEmail, type SubscriptionLinks, type SubscriptionPoint } from './emailTemplates.js';

export function changeConfirmationEmail(sub: SubscriptionPoint, links: SubscriptionLinks & { confirm: string }): RenderedEmail {
  const where = formatLatLon(sub.lat, sub.lon);
  return {
    subject: `Confirm your Landsat change alerts for ${where}`,
    ...renderBodies([
      [
        `Someone, hopefully you, asked to be emailed when Landsat sees a possible change of the land at ${where}: ` +
          'after each new scene we test the newest clear observations against the model of the whole record (CCDC: six anomalies in a row make a change), and write once per change.',
      ],
      ['Nothing will be sent unless you confirm: ', { href: links.confirm, label: 'Confirm my change alerts' }],
      ['If it was not you, ignore this email; you will not hear from us again.'],
      ...footer(links),
    ]),
  };
}

export interface ChangeFacts {
  /** The first observation of the change (CCDC's break date). */
  breakDate: string;
  /** Signed change per band (reflectance; kelvin for B09). */
  change: Record<ChangeBandId, number>;
  /** The newest scene's date, whose observation confirmed the change. */
  confirmedOn: string;
  /** Anomalous observations since the break date. */
  observationsSince: number;
  synthetic: boolean;
}

/** The page at the point, opened on its "What changed here?" section. */
export function changePageLink(publicUrl: string, p: { lat: number; lon: number }): string {
  const q = new URLSearchParams({ lat: p.lat.toFixed(6), lon: p.lon.toFixed(6) });
  return `${publicUrl}/?${q.toString()}#what-changed`;
}

export function changeEmail(sub: SubscriptionPoint, facts: ChangeFacts, publicUrl: string, links: SubscriptionLinks): RenderedEmail {
  const where = formatLatLon(sub.lat, sub.lon);
  return {
    subject: `Possible change since ${facts.breakDate} at ${where}${facts.synthetic ? ' (synthetic demo data)' : ''}`,
    ...renderBodies([
      [`Possible change since ${facts.breakDate} at ${where}: the last ${facts.observationsSince} clear observations (through ${facts.confirmedOn}) all depart from the model fitted to the years before.`],
      [`Change per band: ${breakWords(facts.breakDate, facts.change, 0)} (reflectance 0-1; thermal in kelvin).`],
      ...(facts.synthetic ? [['Note: the server runs on the synthetic demo archive; this change is synthetic, not real Landsat data.']] : []),
      ['See the series and the fitted model: ', { href: changePageLink(publicUrl, sub), label: 'What changed here?' }],
      ['You get one email per change; later scenes of the same change are not reported again.'],
      ...footer(links),
    ]),
  };
}
