/**
 * A small pool of worker threads running one plain-JS worker file: for CPU work that would otherwise
 * hold the event loop (geotiff.js' JS decoders, drawing a large PNG, demo tiles). Workers start on first
 * use and are referenced only while they have work: an idle pool never keeps the process alive, and a
 * busy one keeps it alive until the answer comes. Each message gets `{ id, ...payload }`;
 * the worker answers `{ id, result }` or `{ id, error }`.
 *
 * Each worker's V8 heap is capped (`resourceLimits`), so that its caches and its garbage are bounded
 * resident memory. A worker that dies (out of memory at its cap, or any other way) is replaced by the
 * next job; its jobs in flight run again once on a fresh worker when they transferred nothing (their
 * payload is still whole), and otherwise fail with WorkerStoppedError, which the API answers 503 in words.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { ExplainedError } from '../explainedError.js';
import { LANE_COUNT, LANE_RANK, countsOfLane, workLane, type WorkLane } from '../workLane.js';

interface Slot {
  worker: Worker;
  /** Jobs posted and not yet answered; `posted[rank]` of them from each lane (workLane.ts, 0 interactive). */
  busy: number;
  posted: number[];
  /** The work of the jobs posted and not yet answered, ms, as their kinds took the worker (QUEUED_WORK_MS). */
  queuedMs: number;
}

interface Job {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  slot: Slot;
  payload: Record<string, unknown>;
  transfer: ArrayBuffer[];
  retried: boolean;
  /** The lane it was posted from: 0 interactive, then workLane.ts' LANE_RANK. */
  rank: number;
  /** Its kind (jobKind) and the work it was counted for in its slot's `queuedMs`. */
  kind: string;
  estimateMs: number;
}

type Waiting = Omit<Job, 'slot' | 'rank' | 'kind' | 'estimateMs'> & { lane?: WorkLane };

/**
 * Jobs posted to one worker at most; the rest wait here, lane by lane (workLane.ts). A
 * worker runs its messages in order, so a job posted behind an area's hundreds would wait for all of
 * them: a point Fetch during a 2,500 km² area waited seconds for its few tiles. Four keep the worker
 * fed while the event loop is busy (it posts the next job only when it gets to an answer), and cost
 * an interactive job at most four demo tiles' wait (~20 ms).
 */
export const POSTED_PER_WORKER = 4;

/**
 * Beyond POSTED_PER_WORKER, jobs are posted to a worker while the work already posted there stays
 * under this many milliseconds, as the worker reports its time on each kind of job (an answer's `ms`;
 * a worker that reports none gets POSTED_PER_WORKER): an interactive job waits no longer than behind
 * four demo tiles, however short the jobs ahead. A 40-year pixel series asks ~1,800 syntheses of a
 * 3 x 3 (~0.3 ms each): four of them kept the worker busy ~1.2 ms, less than the event loop's slices
 * of other work (up to ~10 ms) before it handled their answers and posted the next, and the worker
 * sat idle a quarter of the 40-year journey (docs/performance.md, ninth round).
 */
export const QUEUED_WORK_MS = 20;
/** Jobs posted to one worker at most, however short they are. */
export const POSTED_AT_MOST = 64;
/** Until a kind's first answer says otherwise: so long that POSTED_PER_WORKER of them fill QUEUED_WORK_MS. */
const UNKNOWN_JOB_MS = QUEUED_WORK_MS / POSTED_PER_WORKER;
/** Weight of a job's reported time in its kind's running average. */
const COST_WEIGHT = 0.2;

/**
 * A job's kind, for its cost: its lane and the names of its payload's fields (a demo tile, a count, a
 * batch of percents). The lane keeps a series' counts (a 64 px scene box, ~3 ms) apart from an area's
 * (strips of a million pixels, 100 ms and more), which share the payload's shape.
 */
function jobKind(rank: number, payload: Record<string, unknown>): string {
  return `${rank}:${Object.keys(payload).join()}`;
}

/**
 * A later lane's jobs posted to one worker at most while an earlier lane's work is about (jobs of it
 * waiting or posted, or answered less than INTERACTIVE_GRACE_MS ago): an interactive job then waits
 * behind one bulk job, not four, and a Fetch's series behind one of an area's. A point Fetch asks
 * its tiles in bursts (a scene's window, then the next scene's
 * after the event loop has handled the answer); between two bursts the interactive queue is empty for
 * a moment, and four of an area's jobs (an area's counting jobs are a few hundred milliseconds each on
 * a busy machine) went in ahead of the next burst. Alone, an area posts POSTED_PER_WORKER as before.
 */
export const BULK_POSTED_BESIDE_INTERACTIVE = 1;
/** How long after its last interactive answer a pool still counts interactive work as about: longer than the event loop's usual turn between two bursts of one request. */
export const INTERACTIVE_GRACE_MS = 250;

/**
 * The event loop's help (ThreadPoolOptions' `helper`): jobs of the interactive and series lanes whose
 * kind takes a worker HELPED_JOB_MS (a 40-year statistics' scene count, ~3 ms) are posted to a worker
 * only while its posted work is under HELPED_WORKER_QUEUE_MS; the rest wait, and the event loop runs
 * the oldest waiting one itself whenever it has a moment (one per `setImmediate`, so I/O and timers run
 * between two), while the worker takes the next as it answers. The 40-year statistics kept the one
 * synthesis worker busy all the way while the event loop sat idle two thirds of the time
 * (docs/performance.md, tenth round); a second worker is what the memory budget ruled out
 * (demoSynthPool.ts). Shorter jobs (a 3 x 3's synthesis, 0.3 ms) are posted deep as before (QUEUED_WORK_MS):
 * their cost is mostly the message; longer ones would hold the event loop.
 */
export const HELPED_JOB_MS = { least: 1.5, most: 8 };
/** A worker's posted work, ms, past which a job the event loop may help with waits for whichever is free first. */
export const HELPED_WORKER_QUEUE_MS = 8;

/** A pool's worker stopped (most often: it ran out of its heap cap) while doing this job, which could not run again. */
export class WorkerStoppedError extends ExplainedError {
  readonly statusCode = 503;
  readonly code = 'worker_stopped';
  /** A fresh worker takes the next job: trying again soon makes sense. */
  readonly retryAfterSeconds = 2;
}

export interface ThreadPool {
  run<T>(payload: Record<string, unknown>, transfer: ArrayBuffer[]): Promise<T>;
  /** Jobs posted and not yet answered, and jobs waiting to be posted: how far behind the workers are. */
  backlog(): number;
}

/** Workers for CPU work beside the event loop: the cores minus the one the loop needs, at least 1, at most 2. */
export function workersBesideEventLoop(cores = os.availableParallelism?.() ?? os.cpus().length): number {
  return Math.max(1, Math.min(2, cores - 1));
}

/**
 * A worker's young generation, MB. V8's default (up to 3 x 16 MB semi-spaces) is sized for a main
 * thread; these workers allocate typed arrays off the JS heap, and each idle megabyte of young
 * generation is resident memory times the number of workers (`npm run load`'s peak RSS).
 */
const WORKER_YOUNG_GENERATION_MB = 8;

/**
 * WORKER_CPU_PROF_DIR=dir writes a V8 CPU profile of each worker thread there when it ends (the main
 * thread's own `--cpu-prof` does not reach workers started with their own execArgv): how the 40-year
 * journey's time in the demo synthesis was found (docs/performance.md).
 */
function workerExecArgv(): string[] {
  const dir = process.env.WORKER_CPU_PROF_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

export interface ThreadPoolOptions {
  /** Workers at most (default: one per core, at most 4). */
  size?: number;
  /** Each worker's V8 old generation, MB (`resourceLimits.maxOldGenerationSizeMb`): past it the worker dies and is replaced. */
  maxOldGenerationMb: number;
  /** Each worker's V8 young generation, MB (default WORKER_YOUNG_GENERATION_MB): more for workers whose garbage is many small JS objects. */
  maxYoungGenerationMb?: number;
  /**
   * The event loop's help (HELPED_JOB_MS): for a job's payload, a function that runs it on the event
   * loop as a worker would and returns its answer's `result`, or undefined for a job the event loop
   * must leave to the workers.
   */
  helper?: (payload: Record<string, unknown>) => ((payload: Record<string, unknown>) => unknown) | undefined;
}

export function createThreadPool(workerUrl: URL, what: string, { size = Math.max(1, Math.min(4, os.availableParallelism?.() ?? os.cpus().length)), maxOldGenerationMb, maxYoungGenerationMb = WORKER_YOUNG_GENERATION_MB, helper }: ThreadPoolOptions): ThreadPool {
  const pending = new Map<number, Job>();
  const slots: Slot[] = [];
  let nextId = 0;
  /** Each lane's jobs posted and not yet answered, and when its last one was answered (later lanes wait behind them: BULK_POSTED_BESIDE_INTERACTIVE). */
  const postedByRank: number[] = Array(LANE_COUNT).fill(0);
  const lastAnsweredAt: number[] = Array(LANE_COUNT).fill(-Infinity);
  let graceTimer: NodeJS.Timeout | null = null;
  /** Each job kind's time in a worker, ms (running average of what the workers report). */
  const costByKind = new Map<string, number>();

  function startSlot(): Slot {
    // execArgv [] : the worker is plain JS and needs no loader hooks (a test runner's would break it).
    // The URL comes in as a variable: Vite (so Vitest) rewrites a literal `new Worker(new URL(...))`.
    // workerData is an object (naming the pool): geotiff.js' entry loads `web-worker`, which in a worker
    // thread destructures workerData and takes the thread for one of its own unless `mod` is set.
    const worker = new Worker(workerUrl, {
      execArgv: workerExecArgv(),
      workerData: { pool: what },
      resourceLimits: { maxYoungGenerationSizeMb: maxYoungGenerationMb, maxOldGenerationSizeMb: maxOldGenerationMb },
    });
    const slot: Slot = { worker, busy: 0, posted: Array(LANE_COUNT).fill(0), queuedMs: 0 };
    worker.on('message', (msg: { id: number; result?: unknown; error?: string; ms?: number }) => {
      const job = pending.get(msg.id);
      if (!job) return;
      pending.delete(msg.id);
      slot.busy -= 1;
      slot.queuedMs = slot.busy === 0 ? 0 : Math.max(0, slot.queuedMs - job.estimateMs);
      if (typeof msg.ms === 'number' && Number.isFinite(msg.ms)) {
        const before = costByKind.get(job.kind);
        costByKind.set(job.kind, before === undefined ? msg.ms : before + COST_WEIGHT * (msg.ms - before));
      }
      slot.posted[job.rank] -= 1;
      settle(job.rank);
      if (slot.busy === 0) worker.unref();
      if (msg.error !== undefined) job.reject(new Error(`${what} failed: ${msg.error}`));
      else job.resolve(msg.result);
      pump();
      scheduleHelp();
    });
    // 'error' (out of memory: ERR_WORKER_OUT_OF_MEMORY) comes before 'exit'; the first one says why.
    const fail = (why: string) => {
      const i = slots.indexOf(slot);
      if (i === -1) return;
      slots.splice(i, 1);
      for (const [id, job] of pending) {
        if (job.slot !== slot) continue;
        pending.delete(id);
        settle(job.rank);
        if (!job.retried && job.transfer.length === 0) {
          // Again in its own lane (its signal went with its first posting; a job in flight is not dropped).
          const { slot: _slot, rank, kind: _kind, estimateMs: _estimateMs, ...again } = job;
          send({ ...again, retried: true, lane: rank === 0 ? undefined : { rank: rank as WorkLane['rank'] } });
          continue;
        }
        job.reject(new WorkerStoppedError(`The ${what} thread stopped (${why}) while working on this request; a new one takes the next request, so try again.`));
      }
    };
    worker.on('error', (err: Error & { code?: string }) =>
      fail(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `it ran out of its ${maxOldGenerationMb} MB of memory` : err.message),
    );
    worker.on('exit', (code) => {
      fail(`exit code ${code}`);
      pump();
    });
    // After the listeners: adding a 'message' listener references the worker again (it kept scripts from exiting).
    worker.unref();
    return slot;
  }

  // Jobs not yet posted, one queue per lane: interactive ones (a point, an image) first, then a Fetch's
  // series, then an area's scenes.
  const waiting: Waiting[][] = Array.from({ length: LANE_COUNT }, () => []);

  function send(job: Waiting): void {
    waiting[job.lane?.rank ?? 0].push(job);
    pump();
    scheduleHelp();
  }

  /** Whether the event loop may run this job (HELPED_JOB_MS): a helper is given, the lane is below bulk, and its kind's time is known and in range. */
  function helpable(rank: number, job: Waiting): boolean {
    if (rank >= LANE_RANK.bulk || helper?.(job.payload) === undefined) return false;
    const cost = costByKind.get(jobKind(rank, job.payload));
    return cost !== undefined && cost >= HELPED_JOB_MS.least && cost <= HELPED_JOB_MS.most;
  }

  let helpScheduled = false;
  function scheduleHelp(): void {
    if (helpScheduled || jobToHelpWith(false) === undefined) return;
    helpScheduled = true;
    setImmediate(helpOnce);
  }

  /** The oldest waiting job of the earliest lane that has one, if the event loop may run it; `take` removes it from its queue. */
  function jobToHelpWith(take: boolean): Waiting | undefined {
    const rank = waiting.findIndex((queue) => queue.length > 0);
    if (rank === -1 || !helpable(rank, waiting[rank][0])) return undefined;
    return take ? waiting[rank].shift() : waiting[rank][0];
  }

  function helpOnce(): void {
    helpScheduled = false;
    const job = jobToHelpWith(true);
    const run = job && helper?.(job.payload);
    if (!job || !run) return;
    const counts = job.lane ? countsOfLane(job.lane) : null;
    if (job.lane?.signal?.aborted) {
      // A cancelled job of a lane is dropped unrun, as postNext drops it.
      counts!.dropped += 1;
      job.reject(job.lane.signal.reason as Error);
    } else {
      if (counts) counts.posted += 1;
      try {
        job.resolve(run(job.payload));
      } catch (err) {
        job.reject(new Error(`${what} failed: ${err instanceof Error ? err.message : String(err)}`));
      }
    }
    scheduleHelp();
  }

  function settle(rank: number): void {
    postedByRank[rank] -= 1;
    lastAnsweredAt[rank] = performance.now();
  }

  /** Jobs of lane `rank` one worker may hold now: fewer while an earlier lane's work is about, and a pump when its grace ends. */
  function laneLimit(rank: number): number {
    let graceLeft = 0;
    for (let earlier = 0; earlier < rank; earlier++) {
      if (waiting[earlier].length > 0 || postedByRank[earlier] > 0) return BULK_POSTED_BESIDE_INTERACTIVE;
      graceLeft = Math.max(graceLeft, lastAnsweredAt[earlier] + INTERACTIVE_GRACE_MS - performance.now());
    }
    if (graceLeft <= 0) return POSTED_AT_MOST;
    if (graceTimer === null) {
      graceTimer = setTimeout(() => {
        graceTimer = null;
        pump();
      }, Math.ceil(graceLeft));
    }
    return BULK_POSTED_BESIDE_INTERACTIVE;
  }

  function pump(): void {
    for (;;) {
      const rank = waiting.findIndex((queue) => queue.length > 0);
      if (rank === -1) return;
      if (slots.length < size && slots.every((s) => s.busy > 0)) slots.push(startSlot());
      if (rank === 0) {
        const slot = slots.reduce((a, b) => (b.busy < a.busy ? b : a));
        if (!takesMore(slot, 0, waiting[0][0])) return;
        postNext(slot, waiting[0].shift()!);
        continue;
      }
      // A later lane's jobs: to the worker holding fewest of that lane's, within the limit of the moment.
      const slot = slots.reduce((a, b) => (b.posted[rank] < a.posted[rank] || (b.posted[rank] === a.posted[rank] && b.busy < a.busy) ? b : a));
      if (!takesMore(slot, rank, waiting[rank][0]) || slot.posted[rank] >= laneLimit(rank)) return;
      postNext(slot, waiting[rank].shift()!);
    }
  }

  /**
   * Whether one more job of lane `rank` goes to this worker now (`job`, the next one): up to POSTED_PER_WORKER, then, for
   * interactive and series work, while its posted work is under QUEUED_WORK_MS. Never deeper for the bulk
   * lane: an area's strips vary from a few to hundreds of milliseconds, so their average said little, and
   * a point Fetch during a 2,500 km² area waited behind them (1.55-1.63 s against 1.24-1.32 s).
   */
  function takesMore(slot: Slot, rank: number, job: Waiting): boolean {
    // A job the event loop may run waits once the worker has enough posted (HELPED_WORKER_QUEUE_MS).
    if (slot.busy > 0 && slot.queuedMs >= HELPED_WORKER_QUEUE_MS && helpable(rank, job)) return false;
    if (slot.busy < POSTED_PER_WORKER) return true;
    return rank < LANE_RANK.bulk && slot.busy < POSTED_AT_MOST && slot.queuedMs < QUEUED_WORK_MS;
  }

  function postNext(slot: Slot, job: Waiting): void {
    const counts = job.lane ? countsOfLane(job.lane) : null;
    // A cancelled job of a lane is dropped unrun: its work's caller has gone.
    if (job.lane?.signal?.aborted) {
      counts!.dropped += 1;
      job.reject(job.lane.signal.reason as Error);
      return;
    }
    if (counts) counts.posted += 1;
    post(slot, job);
  }

  function post(slot: Slot, { lane, ...job }: Waiting): void {
    const id = nextId++;
    const rank = lane?.rank ?? 0;
    if (slot.busy === 0) slot.worker.ref();
    const kind = jobKind(rank, job.payload);
    const estimateMs = costByKind.get(kind) ?? UNKNOWN_JOB_MS;
    slot.busy += 1;
    slot.queuedMs += estimateMs;
    slot.posted[rank] += 1;
    postedByRank[rank] += 1;
    pending.set(id, { ...job, slot, rank, kind, estimateMs });
    slot.worker.postMessage({ id, ...job.payload }, job.transfer);
  }

  return {
    run<T>(payload: Record<string, unknown>, transfer: ArrayBuffer[]): Promise<T> {
      return new Promise<T>((resolve, reject) => send({ resolve: resolve as (v: unknown) => void, reject, payload, transfer, retried: false, lane: workLane() }));
    },
    backlog() {
      return slots.reduce((n, s) => n + s.busy, 0) + waiting.reduce((n, q) => n + q.length, 0);
    },
  };
}
