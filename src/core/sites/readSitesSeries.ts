/**
 * Each site's whole series of observations, for change detection over many sites (issue 34 item 5):
 * the scenes covering the sites are found and each scene's tiles read once for all its sites, as for
 * the sites CSV (readSites.ts), then the rows are regrouped per site, oldest first, in the shape
 * change detection takes (reflectance 0-1 for B02-B07, kelvin for B09, QA_PIXEL).
 */
import type { BandId } from '../bands/bandCatalog.js';
import { mapWithConcurrency } from '../landsat/mapWithConcurrency.js';
import { DEFAULT_MASK } from '../raster/clearPixel.js';
import type { HarmonizeTarget } from '../bands/harmonize.js';
import type { Site, SitesReader } from './readSites.js';
import type { ChangeObservation } from '../change/types.js';

export const SERIES_BANDS: readonly BandId[] = ['B02', 'B03', 'B04', 'B05', 'B06', 'B07', 'B09'];

export interface SiteSeries {
  observations: ChangeObservation[];
  /** Why the series is empty or partial (no scene covers the site, scenes left out by the search limit). */
  note: string;
}

/** The series of `sites` (keyed by their index in the array) between two dates. */
export async function readSitesSeries(
  reader: SitesReader,
  sites: readonly Site[],
  query: { startDate: string; endDate: string; harmonize?: HarmonizeTarget },
  signal?: AbortSignal,
): Promise<SiteSeries[]> {
  const sitesQuery = { ...query, cloudCoverage: 100, bands: [...SERIES_BANDS], mask: DEFAULT_MASK };
  const plan = await reader.plan(sites, sitesQuery, signal);
  const series: SiteSeries[] = sites.map((_, i) => ({ observations: [], note: plan.siteNotes.get(i) ?? '' }));
  for (const u of plan.uncovered) series[u.siteIndex].note = u.note;
  await mapWithConcurrency(plan.groups, 4, async (group) => {
    for (const row of await reader.readGroup(sites, group, sitesQuery, new Map(), signal)) {
      // Outside the raster: no observation at all (fill stays, with its QA, as pyccd's input has it).
      if (row.qaPixel === null || !row.scene) continue;
      const v = row.values;
      series[row.siteIndex].observations.push({
        date: row.scene.date,
        B02: v.B02 ?? null, B03: v.B03 ?? null, B04: v.B04 ?? null, B05: v.B05 ?? null, B06: v.B06 ?? null, B07: v.B07 ?? null, B09: v.B09 ?? null,
        qa: row.qaPixel,
      });
    }
  });
  for (const s of series) s.observations.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return series;
}
