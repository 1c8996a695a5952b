/**
 * Where site jobs live (issue 24): the job, its chunks (one scene's sites, at most a chunk size) and
 * its rows, in the server's SQL store (SQLite by default, PostgreSQL with DATABASE_URL). A chunk's
 * rows and its "done" mark are written in one transaction, and rows are keyed by (job, site, scene),
 * so a chunk run twice (a restart, a replica killed mid-chunk) never writes a row twice.
 */
import type { SqlQueryable, SqlStore } from '../store/sqlStore.js';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface JobParams {
  startDate: string;
  endDate: string;
  cloudCoverage: number;
  bands: string[];
  maskText?: string;
  /** oli: TM/ETM+ reflectance harmonised to OLI; absent: as archived. */
  harmonize?: 'oli';
  /** 'change': CCDC per site (changeJobWork.ts); 'area': an area job (areaJobWork.ts), over `geometry`; absent: the sites CSV. */
  analysis?: 'change' | 'area';
  /** The area job's GeoJSON geometry, as sent. */
  geometry?: unknown;
}

export interface JobRecord {
  id: string;
  status: JobStatus;
  done: number;
  total: number;
  error: string | null;
  params: JobParams;
  createdAt: string;
}

export interface ChunkSite {
  index: number;
  id: string;
  lat: number;
  lon: number;
  /** Words for every row of the site (why no scene covers it, or scenes left out by the limit). */
  note?: string;
}

export interface ChunkRecord {
  chunkNo: number;
  /** The scene's record as JSON; null for the chunk of sites no scene covers. */
  sceneJson: string | null;
  sites: ChunkSite[];
  done: boolean;
}

export interface JobRow {
  siteIndex: number;
  sceneKey: string;
  sortDatetime: string;
  line: string;
}

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS sites_jobs (
     id TEXT PRIMARY KEY, status TEXT NOT NULL, done INTEGER NOT NULL DEFAULT 0, total INTEGER NOT NULL,
     error TEXT, params TEXT NOT NULL, sites TEXT, planned INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS sites_job_chunks (
     job_id TEXT NOT NULL, chunk_no INTEGER NOT NULL, scene TEXT, sites TEXT NOT NULL, done INTEGER NOT NULL DEFAULT 0,
     PRIMARY KEY (job_id, chunk_no))`,
  `CREATE TABLE IF NOT EXISTS sites_job_rows (
     job_id TEXT NOT NULL, site_index INTEGER NOT NULL, scene_key TEXT NOT NULL, sort_datetime TEXT NOT NULL, line TEXT NOT NULL,
     PRIMARY KEY (job_id, site_index, scene_key))`,
];

interface JobDbRow {
  id: string;
  status: JobStatus;
  done: number;
  total: number;
  error: string | null;
  params: string;
  created_at: string;
}

const toRecord = (r: JobDbRow): JobRecord => ({ id: r.id, status: r.status, done: Number(r.done), total: Number(r.total), error: r.error, params: JSON.parse(r.params) as JobParams, createdAt: r.created_at });

export type SitesJobStore = Awaited<ReturnType<typeof openSitesJobStore>>;

export async function openSitesJobStore(store: SqlStore, now: () => Date = () => new Date()) {
  // Replicas starting together: one creates the tables, the others wait for it.
  for (let attempt = 0; ; attempt++) {
    const created = await store.withExclusiveLock('sites-jobs-schema', async () => {
      for (const sql of SCHEMA) await store.run(sql);
    });
    if (created.ran) break;
    if (attempt > 100) throw new Error('could not create the sites job tables: another replica holds the schema lock');
    await new Promise((r) => setTimeout(r, 100));
  }
  const stamp = () => now().toISOString();

  return {
    async create(id: string, params: JobParams, sites: { id: string; lat: number; lon: number }[]): Promise<void> {
      const t = stamp();
      await store.run('INSERT INTO sites_jobs (id, status, done, total, params, sites, created_at, updated_at) VALUES (?, ?, 0, ?, ?, ?, ?, ?)', [
        id, 'queued', sites.length, JSON.stringify(params), JSON.stringify(sites.map((s) => [s.id, s.lat, s.lon])), t, t,
      ]);
    },

    async get(id: string): Promise<JobRecord | undefined> {
      const r = await store.get<JobDbRow>('SELECT id, status, done, total, error, params, created_at FROM sites_jobs WHERE id = ?', [id]);
      return r && toRecord(r);
    },

    async sitesOf(id: string): Promise<{ id: string; lat: number; lon: number }[]> {
      const r = await store.get<{ sites: string | null }>('SELECT sites FROM sites_jobs WHERE id = ?', [id]);
      return r?.sites ? (JSON.parse(r.sites) as [string, number, number][]).map(([sid, lat, lon]) => ({ id: sid, lat, lon })) : [];
    },

    /** Jobs not yet finished (the embedded runner resumes them after a restart). */
    async unfinished(): Promise<string[]> {
      const rows = await store.all<{ id: string }>("SELECT id FROM sites_jobs WHERE status IN ('queued', 'running') ORDER BY created_at");
      return rows.map((r) => r.id);
    },

    async isPlanned(id: string): Promise<boolean> {
      const r = await store.get<{ planned: number }>('SELECT planned FROM sites_jobs WHERE id = ?', [id]);
      return Number(r?.planned ?? 0) === 1;
    },

    /** Stores the chunks and the row total once; a second planner (a retried plan) changes nothing. */
    async savePlan(id: string, chunks: { sceneJson: string | null; sites: ChunkSite[] }[], rowCount: number): Promise<boolean> {
      return store.transaction(async (tx) => {
        const claimed = await tx.run("UPDATE sites_jobs SET planned = 1, total = ?, status = 'running', sites = NULL, updated_at = ? WHERE id = ? AND planned = 0 AND status = 'queued'", [rowCount, stamp(), id]);
        if (claimed === 0) return false;
        let n = 0;
        for (const c of chunks) await tx.run('INSERT INTO sites_job_chunks (job_id, chunk_no, scene, sites, done) VALUES (?, ?, ?, ?, 0)', [id, n++, c.sceneJson, JSON.stringify(c.sites)]);
        if (chunks.length === 0) await tx.run("UPDATE sites_jobs SET status = 'done' WHERE id = ?", [id]);
        return true;
      });
    },

    async pendingChunks(id: string): Promise<number[]> {
      const rows = await store.all<{ chunk_no: number }>('SELECT chunk_no FROM sites_job_chunks WHERE job_id = ? AND done = 0 ORDER BY chunk_no', [id]);
      return rows.map((r) => Number(r.chunk_no));
    },

    async chunk(id: string, chunkNo: number): Promise<ChunkRecord | undefined> {
      const r = await store.get<{ chunk_no: number; scene: string | null; sites: string; done: number }>('SELECT chunk_no, scene, sites, done FROM sites_job_chunks WHERE job_id = ? AND chunk_no = ?', [id, chunkNo]);
      return r && { chunkNo: Number(r.chunk_no), sceneJson: r.scene, sites: JSON.parse(r.sites) as ChunkSite[], done: Number(r.done) === 1 };
    },

    /**
     * Writes a chunk's rows and marks it done, in one transaction, unless it is done already or the job
     * is no longer running. Marks the job done when it was the last chunk.
     */
    async completeChunk(id: string, chunkNo: number, rows: JobRow[]): Promise<'written' | 'skipped'> {
      return store.transaction(async (tx: SqlQueryable) => {
        const running = await tx.get<{ status: string }>('SELECT status FROM sites_jobs WHERE id = ?', [id]);
        if (running?.status !== 'running') return 'skipped';
        const claimed = await tx.run('UPDATE sites_job_chunks SET done = 1 WHERE job_id = ? AND chunk_no = ? AND done = 0', [id, chunkNo]);
        if (claimed === 0) return 'skipped';
        let written = 0;
        for (const r of rows) {
          written += await tx.run('INSERT INTO sites_job_rows (job_id, site_index, scene_key, sort_datetime, line) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', [id, r.siteIndex, r.sceneKey, r.sortDatetime, r.line]);
        }
        // The job row is locked here (PostgreSQL), so two last chunks committing together cannot both miss the end.
        await tx.run('UPDATE sites_jobs SET done = done + ?, updated_at = ? WHERE id = ?', [written, stamp(), id]);
        const left = await tx.get<{ n: number }>('SELECT CAST(count(*) AS INTEGER) AS n FROM sites_job_chunks WHERE job_id = ? AND done = 0', [id]);
        if (Number(left?.n ?? 0) === 0) await tx.run("UPDATE sites_jobs SET status = 'done' WHERE id = ? AND status = 'running'", [id]);
        return 'written';
      });
    },

    async fail(id: string, message: string): Promise<void> {
      await store.run("UPDATE sites_jobs SET status = 'failed', error = ?, updated_at = ? WHERE id = ? AND status IN ('queued', 'running')", [message, stamp(), id]);
    },

    /** Cancels a job not yet finished; true when it was cancelled by this call. */
    async cancel(id: string): Promise<boolean> {
      return (await store.run("UPDATE sites_jobs SET status = 'cancelled', updated_at = ? WHERE id = ? AND status IN ('queued', 'running')", [stamp(), id])) > 0;
    },

    /** Rows in CSV order (site, then date), a page at a time after the given row. */
    async rowsAfter(id: string, after: { siteIndex: number; sortDatetime: string; sceneKey: string } | null, limit: number): Promise<JobRow[]> {
      const a = after ?? { siteIndex: -1, sortDatetime: '', sceneKey: '' };
      const rows = await store.all<{ site_index: number; scene_key: string; sort_datetime: string; line: string }>(
        `SELECT site_index, scene_key, sort_datetime, line FROM sites_job_rows WHERE job_id = ?
           AND (site_index > ? OR (site_index = ? AND (sort_datetime > ? OR (sort_datetime = ? AND scene_key > ?))))
         ORDER BY site_index, sort_datetime, scene_key LIMIT ?`,
        [id, a.siteIndex, a.siteIndex, a.sortDatetime, a.sortDatetime, a.sceneKey, limit],
      );
      return rows.map((r) => ({ siteIndex: Number(r.site_index), sceneKey: r.scene_key, sortDatetime: r.sort_datetime, line: r.line }));
    },

    /** Deletes jobs created before the cutoff, with their chunks and rows. */
    async deleteOlderThan(cutoff: Date): Promise<number> {
      return store.transaction(async (tx) => {
        const old = cutoff.toISOString();
        await tx.run('DELETE FROM sites_job_rows WHERE job_id IN (SELECT id FROM sites_jobs WHERE created_at < ?)', [old]);
        await tx.run('DELETE FROM sites_job_chunks WHERE job_id IN (SELECT id FROM sites_jobs WHERE created_at < ?)', [old]);
        return tx.run('DELETE FROM sites_jobs WHERE created_at < ?', [old]);
      });
    },
  };
}
