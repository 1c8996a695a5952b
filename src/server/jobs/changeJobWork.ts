/**
 * Change-detection jobs (issue 34 item 5): POST /api/jobs with "analysis":"change" runs CCDC at up to
 * 100,000 sites. They live in the site jobs' store and queues (sitesJobStore.ts, sitesJobQueue.ts) and
 * differ only in their two steps: the plan cuts the sites into chunks of neighbours (the same 1-degree
 * cells, so a chunk's scene search and tile reads are shared), and a chunk reads each of its sites'
 * whole series (readSitesSeries.ts), runs detectChanges on each (in a worker thread, changeWorkerPool.ts)
 * and stores ONE row per site holding
 * that site's CSV lines (one per segment). So `done`/`total` count sites, and a chunk run twice writes
 * nothing twice, as for site jobs.
 */
import { detectChangesInWorker } from './changeWorkerPool.js';
import { readSitesSeries } from '../../core/sites/readSitesSeries.js';
import type { Site, SitesReader } from '../../core/sites/readSites.js';
import { toCsv, type CsvCell } from '../../shared/csv.js';
import { SEGMENT_COLUMNS, segmentCells } from '../../shared/changeCsv.js';
import type { JobKind, PlannedChunk } from './jobWork.js';
import type { ChunkSite, SitesJobStore } from './sitesJobStore.js';

/** The change CSV's header: the site, then one segment's columns, then a note. */
export const CHANGE_JOB_COLUMNS = ['site_id', 'lat', 'lon', ...SEGMENT_COLUMNS, 'note'];

/** Sites per change chunk at most: a chunk holds every site's 40-year series in memory (~1,500 observations each). */
const MAX_CHANGE_CHUNK_SITES = 250;

/** A site's CSV lines: one per segment, or one with only the note when there is none. */
export function changeSiteLines(site: { id: string; lat: number; lon: number }, segments: Parameters<typeof segmentCells>[0][], note: string): string {
  const front: CsvCell[] = [site.id, site.lat, site.lon];
  if (segments.length === 0) return toCsv([[...front, ...SEGMENT_COLUMNS.map(() => null), note]]);
  return toCsv(segments.map((s, i) => [...front, ...segmentCells(s, i + 1, segments[i + 1]), note]));
}

export function changeJobKind(store: SitesJobStore, reader: SitesReader, chunkSites: number): JobKind {
  const perChunk = Math.max(1, Math.min(chunkSites, MAX_CHANGE_CHUNK_SITES));
  return {
    async planChunks(job) {
      const sites = await store.sitesOf(job.id);
      const cell = (s: Site) => `${Math.floor(s.lon)}:${Math.floor(s.lat)}`;
      const order = sites.map((_, i) => i).sort((a, b) => cell(sites[a]).localeCompare(cell(sites[b])) || a - b);
      const chunks: PlannedChunk[] = [];
      for (let k = 0; k < order.length; k += perChunk) chunks.push({ sceneJson: null, sites: order.slice(k, k + perChunk).map((i): ChunkSite => ({ index: i, ...sites[i] })) });
      return { chunks, total: sites.length };
    },

    async chunkRows(job, chunk, signal) {
      const sites: Site[] = chunk.sites.map((s) => ({ id: s.id, lat: s.lat, lon: s.lon }));
      const series = await readSitesSeries(reader, sites, { startDate: job.params.startDate, endDate: job.params.endDate, ...(job.params.harmonize ? { harmonize: job.params.harmonize } : {}) }, signal);
      const rows = [];
      for (let k = 0; k < sites.length; k++) {
        signal?.throwIfAborted();
        const { observations, note } = series[k];
        let line: string;
        if (observations.length === 0) line = changeSiteLines(sites[k], [], note || 'no observations of this site in the range');
        else {
          const result = await detectChangesInWorker(observations);
          const notes = [note, result.segments.length === 0 ? `no segment could be fitted to the ${result.observations} observations (${result.usedObservations} usable)` : ''].filter(Boolean);
          line = changeSiteLines(sites[k], result.segments, notes.join('; '));
        }
        rows.push({ siteIndex: chunk.sites[k].index, sceneKey: '', sortDatetime: '', line });
      }
      return rows;
    },
  };
}
