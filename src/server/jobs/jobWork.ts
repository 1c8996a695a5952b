/**
 * A job's two steps, each safe to run again after a crash, whatever the job computes: plan (once, for
 * a queued job not yet planned: store its chunks) and run one chunk (only of a running job, only while
 * the chunk is not done: its rows and its done mark are stored in one transaction). The embedded runner
 * and the pg-boss workers call these. Each kind of job (the sites CSV, change detection per site, an
 * area) gives only what differs: how it cuts the job into chunks and what one chunk's rows are.
 */
import type { ChunkRecord, ChunkSite, JobRecord, JobRow, SitesJobStore } from './sitesJobStore.js';

export interface SitesJobWork {
  /** Plans the job once; true when it has chunks left to run. */
  plan(jobId: string, signal?: AbortSignal): Promise<boolean>;
  runChunk(jobId: string, chunkNo: number, signal?: AbortSignal): Promise<void>;
}

export interface PlannedChunk {
  sceneJson: string | null;
  sites: ChunkSite[];
}

/** What one kind of job computes. */
export interface JobKind {
  /** The job's chunks, and the total its progress (`done` of `total`) counts. */
  planChunks(job: JobRecord, signal?: AbortSignal): Promise<{ chunks: PlannedChunk[]; total: number }>;
  /** The rows of one chunk (the store writes them with the chunk's done mark). */
  chunkRows(job: JobRecord, chunk: ChunkRecord, signal?: AbortSignal): Promise<JobRow[]>;
}

const isFinished = (job: JobRecord) => job.status === 'done' || job.status === 'cancelled' || job.status === 'failed';

/** The two steps of every job in the store, each job done by its own kind (`kindOf`). */
export function createJobWork(store: SitesJobStore, kindOf: (job: JobRecord) => JobKind): SitesJobWork {
  return {
    async plan(jobId, signal) {
      const job = await store.get(jobId);
      if (!job || isFinished(job)) return false;
      if (job.status === 'queued' && !(await store.isPlanned(jobId))) {
        const { chunks, total } = await kindOf(job).planChunks(job, signal);
        await store.savePlan(jobId, chunks, total);
      }
      return (await store.pendingChunks(jobId)).length > 0;
    },

    async runChunk(jobId, chunkNo, signal) {
      const job = await store.get(jobId);
      if (!job || job.status !== 'running') return;
      const chunk = await store.chunk(jobId, chunkNo);
      if (!chunk || chunk.done) return;
      await store.completeChunk(jobId, chunkNo, await kindOf(job).chunkRows(job, chunk, signal));
    },
  };
}
