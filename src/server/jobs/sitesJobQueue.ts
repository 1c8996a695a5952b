/**
 * Who runs site jobs. Embedded default: this process, one job at a time, resuming unfinished jobs at
 * start. With DATABASE_URL: pg-boss queues on the same PostgreSQL, so every replica takes chunks; a
 * chunk whose replica died is expired by pg-boss after JOB_CHUNK_TIMEOUT_SECONDS and retried by
 * another (the store keeps it from writing any row twice).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SitesJobStore } from './sitesJobStore.js';
import type { SitesJobWork } from './jobWork.js';
import { toApiError } from '../toApiError.js';

export interface SitesJobQueue {
  readonly kind: 'embedded' | 'pg-boss';
  submit(jobId: string): Promise<void>;
  /** Stops this process's work on a cancelled job at once (other replicas skip its chunks). */
  cancelled(jobId: string): void;
  close(): Promise<void>;
}

const messageOf = (err: unknown) => toApiError(err as never).message;

export function createEmbeddedJobQueue(store: SitesJobStore, work: SitesJobWork, log: FastifyBaseLogger): SitesJobQueue {
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const controllers = new Map<string, AbortController>();

  async function runJob(id: string) {
    const ac = new AbortController();
    controllers.set(id, ac);
    try {
      if (!(await work.plan(id, ac.signal))) return;
      for (const chunkNo of await store.pendingChunks(id)) {
        if (ac.signal.aborted) return;
        await work.runChunk(id, chunkNo, ac.signal);
      }
    } catch (err) {
      // Cancelled or shutting down: not a failure (a restart resumes it).
      if (ac.signal.aborted) return;
      log.error({ err, jobId: id }, 'sites job failed');
      await store.fail(id, messageOf(err)).catch(() => {});
    } finally {
      controllers.delete(id);
    }
  }

  async function drain() {
    do {
      again = false;
      for (const id of await store.unfinished()) {
        if (closed) return;
        await runJob(id);
      }
    } while (again && !closed);
  }

  const kick = () => {
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err: unknown) => log.error({ err }, 'sites job runner stopped'))
      .finally(() => {
        running = null;
      });
  };
  // Jobs a restart interrupted resume now.
  kick();

  return {
    kind: 'embedded',
    async submit() {
      kick();
    },
    cancelled(jobId) {
      controllers.get(jobId)?.abort();
    },
    async close() {
      closed = true;
      for (const ac of controllers.values()) ac.abort();
      await running;
    },
  };
}

const PLAN_QUEUE = 'sites-plan';
const CHUNK_QUEUE = 'sites-chunk';
const RETRY_LIMIT = 5;

export async function createPgBossJobQueue(
  databaseUrl: string,
  store: SitesJobStore,
  work: SitesJobWork,
  log: FastifyBaseLogger,
  { chunkTimeoutSeconds }: { chunkTimeoutSeconds: number },
): Promise<SitesJobQueue> {
  const { default: PgBoss } = await import('pg-boss');
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: 4,
    // Expired chunks (their replica died) are found at least this often.
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.ceil(chunkTimeoutSeconds / 2))),
  });
  boss.on('error', (err) => log.error({ err }, 'pg-boss'));
  await boss.start();
  const queueOptions = { retryLimit: RETRY_LIMIT, retryDelay: 1, expireInSeconds: chunkTimeoutSeconds };
  for (const name of [PLAN_QUEUE, CHUNK_QUEUE]) {
    // Replicas start together: the second createQueue of a name may race the first; the queue exists either way.
    await boss.createQueue(name, { name, ...queueOptions }).catch(async (err: unknown) => {
      if (!(await boss.getQueue(name))) throw err;
    });
  }
  const controllers = new Map<string, Set<AbortController>>();
  const track = async <T>(jobId: string, fn: (signal: AbortSignal) => Promise<T>) => {
    const ac = new AbortController();
    const set = controllers.get(jobId) ?? new Set();
    set.add(ac);
    controllers.set(jobId, set);
    try {
      return await fn(ac.signal);
    } finally {
      set.delete(ac);
      if (set.size === 0) controllers.delete(jobId);
    }
  };
  /** The last attempt's failure fails the job; earlier ones are retried by pg-boss. */
  const failOnLastAttempt = async (jobId: string, retryCount: number, err: unknown) => {
    log.error({ err, jobId, retryCount }, 'sites job step failed');
    if (retryCount >= RETRY_LIMIT) await store.fail(jobId, messageOf(err));
  };

  await boss.work<{ jobId: string }>(PLAN_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true }, async ([job]) => {
    const { jobId } = job.data;
    try {
      if (!(await track(jobId, (signal) => work.plan(jobId, signal)))) return;
      const pending = await store.pendingChunks(jobId);
      await boss.insert(pending.map((chunkNo) => ({ name: CHUNK_QUEUE, data: { jobId, chunkNo }, ...queueOptions })));
    } catch (err) {
      await failOnLastAttempt(jobId, job.retryCount, err);
      throw err;
    }
  });
  await boss.work<{ jobId: string; chunkNo: number }>(CHUNK_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true }, async ([job]) => {
    const { jobId, chunkNo } = job.data;
    try {
      await track(jobId, (signal) => work.runChunk(jobId, chunkNo, signal));
    } catch (err) {
      await failOnLastAttempt(jobId, job.retryCount, err);
      throw err;
    }
  });

  return {
    kind: 'pg-boss',
    async submit(jobId) {
      await boss.send(PLAN_QUEUE, { jobId }, queueOptions);
    },
    cancelled(jobId) {
      for (const ac of controllers.get(jobId) ?? []) ac.abort();
    },
    async close() {
      for (const set of controllers.values()) for (const ac of set) ac.abort();
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
}
