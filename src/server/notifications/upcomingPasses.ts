import { HOUR_MS, iso, type NotificationContext, type SubscriptionRow, type UpcomingPass } from './notificationTypes.js';

/** The passes over a subscription's point after `now`, one per satellite, path and day, with their alert times. */
export function upcomingPasses(ctx: NotificationContext, row: SubscriptionRow, now: Date, days: number): UpcomingPass[] {
  const leadMs = row.lead_time_hours * HOUR_MS;
  const seen = new Set<string>();
  return ctx
    .predict([row.lon, row.lat], now, days)
    .filter((p) => Date.parse(p.datetime) > now.getTime())
    .sort((a, b) => Date.parse(a.datetime) - Date.parse(b.datetime) || a.row - b.row)
    // A point in the overlap of two rows is imaged by one pass of the satellite, seconds apart in both
    // scenes: one alert per satellite, path and day, named after the first row.
    .filter((p) => {
      const key = `${p.satellite}:${p.path}:${iso(Date.parse(p.datetime)).slice(0, 10)}`;
      return seen.has(key) ? false : (seen.add(key), true);
    })
    .map((p) => ({
      satellite: p.satellite,
      path: p.path,
      row: p.row,
      datetime: iso(Date.parse(p.datetime)),
      alertAt: iso(Math.max(now.getTime(), Date.parse(p.datetime) - leadMs)),
    }));
}
