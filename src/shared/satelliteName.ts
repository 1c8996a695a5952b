/**
 * The one way a satellite is written for people: 'landsat-8' (the STAC platform id every API answer
 * and CSV carries in `satellite`) -> 'Landsat 8'. Pages, emails and calendars write names with this;
 * machine fields keep the platform id. Anything not a Landsat platform id is shown as it is.
 */
export function satelliteName(platformId: string): string {
  const m = /^landsat-(\d+)$/i.exec(platformId.trim());
  return m ? `Landsat ${m[1]}` : platformId;
}
