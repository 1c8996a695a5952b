/**
 * The two steps of a site job, each safe to run again after a crash: plan (find the scenes, store the
 * chunks) and run one chunk (read its scene's tiles once for its sites, store its rows). Both the
 * embedded runner and the pg-boss workers call these.
 */
import type { BandId } from '../../core/bands/bandCatalog.js';
import { parseMask } from '../../core/raster/clearPixel.js';
import type { SitesQuery, SitesReader, Site } from '../../core/sites/readSites.js';
import { sitesCsvLines } from '../../core/sites/sitesCsv.js';
import type { LandsatScene } from '../../core/stac/landsatScene.js';
import type { ChunkSite, JobParams, SitesJobStore } from './sitesJobStore.js';

export const queryOf = (p: JobParams): SitesQuery => ({
  startDate: p.startDate,
  endDate: p.endDate,
  cloudCoverage: p.cloudCoverage,
  bands: p.bands as BandId[],
  mask: parseMask(p.maskText),
  ...(p.harmonize === 'oli' ? { harmonize: 'oli' as const } : {}),
});

export interface SitesJobWork {
  /** Plans the job once; true when it has chunks left to run. */
  plan(jobId: string, signal?: AbortSignal): Promise<boolean>;
  runChunk(jobId: string, chunkNo: number, signal?: AbortSignal): Promise<void>;
}

export function createSitesJobWork(store: SitesJobStore, reader: SitesReader, chunkSites: number): SitesJobWork {
  return {
    async plan(jobId, signal) {
      const job = await store.get(jobId);
      if (!job || job.status === 'done' || job.status === 'cancelled' || job.status === 'failed') return false;
      if (job.status === 'queued' && !(await store.isPlanned(jobId))) {
        const sites = await store.sitesOf(jobId);
        const plan = await reader.plan(sites, queryOf(job.params), signal);
        const chunkSite = (i: number, note?: string): ChunkSite => {
          const extra = [note, plan.siteNotes.get(i)].filter(Boolean).join('; ');
          return { index: i, ...sites[i], ...(extra ? { note: extra } : {}) };
        };
        const chunks: { sceneJson: string | null; sites: ChunkSite[] }[] = [];
        for (const g of plan.groups) {
          for (let k = 0; k < g.siteIndexes.length; k += chunkSites) {
            chunks.push({ sceneJson: JSON.stringify(g.scene), sites: g.siteIndexes.slice(k, k + chunkSites).map((i) => chunkSite(i)) });
          }
        }
        for (let k = 0; k < plan.uncovered.length; k += chunkSites) {
          chunks.push({ sceneJson: null, sites: plan.uncovered.slice(k, k + chunkSites).map((u) => chunkSite(u.siteIndex, u.note)) });
        }
        await store.savePlan(jobId, chunks, plan.rowCount);
      }
      return (await store.pendingChunks(jobId)).length > 0;
    },

    async runChunk(jobId, chunkNo, signal) {
      const job = await store.get(jobId);
      if (!job || job.status !== 'running') return;
      const chunk = await store.chunk(jobId, chunkNo);
      if (!chunk || chunk.done) return;
      const query = queryOf(job.params);
      // Sites by their index in the job (sparse: only this chunk's).
      const sites: Site[] = [];
      const notes = new Map<number, string>();
      for (const s of chunk.sites) {
        sites[s.index] = { id: s.id, lat: s.lat, lon: s.lon };
        if (s.note) notes.set(s.index, s.note);
      }
      const rows = chunk.sceneJson
        ? await reader.readGroup(sites, { scene: JSON.parse(chunk.sceneJson) as LandsatScene, siteIndexes: chunk.sites.map((s) => s.index) }, query, notes, signal)
        : chunk.sites.map((s) => reader.uncoveredRow(sites, { siteIndex: s.index, note: s.note ?? '' }));
      await store.completeChunk(
        jobId,
        chunkNo,
        rows.map((r) => ({ siteIndex: r.siteIndex, sceneKey: r.scene?.id ?? '', sortDatetime: r.scene?.datetime ?? '', line: sitesCsvLines([r], query.bands) })),
      );
    },
  };
}
