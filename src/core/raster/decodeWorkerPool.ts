/**
 * A small pool of worker threads for geotiff.js' JavaScript decoders (LZW, ZSTD, ...): an LZW tile of
 * 512 x 512 takes tens of milliseconds of pure JS, which on the main thread stalled every other request.
 * DEFLATE never comes here (node's zlib already runs it on the libuv pool). Workers start on first use
 * and are unref'd, so an idle pool never keeps the process alive.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';

export interface DecodeJob {
  compression: number;
  tileWidth: number;
  tileHeight: number;
  bitsPerSample: number;
}

interface Slot {
  worker: Worker;
  busy: number;
}

const WORKER_URL = new URL('./tileDecodeWorker.mjs', import.meta.url);
const pending = new Map<number, { resolve: (b: ArrayBuffer) => void; reject: (e: Error) => void; slot: Slot }>();
const slots: Slot[] = [];
let nextId = 0;
const POOL_SIZE = Math.max(1, Math.min(4, os.availableParallelism?.() ?? os.cpus().length));

function startSlot(): Slot {
  // The URL is built apart from `new Worker(...)`: Vite (and so Vitest) rewrites the literal
  // `new Worker(new URL(...))` pattern into its own worker bundling, which this server thread is not.
  const worker = new Worker(WORKER_URL, { execArgv: [] });
  worker.unref();
  const slot: Slot = { worker, busy: 0 };
  worker.on('message', (msg: { id: number; buffer?: ArrayBuffer; error?: string }) => {
    const job = pending.get(msg.id);
    if (!job) return;
    pending.delete(msg.id);
    slot.busy -= 1;
    if (msg.error !== undefined) job.reject(new Error(`tile decoding failed: ${msg.error}`));
    else job.resolve(msg.buffer!);
  });
  const fail = (err: Error) => {
    const i = slots.indexOf(slot);
    if (i !== -1) slots.splice(i, 1);
    for (const [id, job] of pending) {
      if (job.slot !== slot) continue;
      pending.delete(id);
      job.reject(new Error(`the tile decoder thread stopped: ${err.message}`));
    }
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
  return slot;
}

/** Decodes one tile in a worker; `compressed` is copied, so a cached buffer stays usable. */
export function decodeInWorker(job: DecodeJob, compressed: ArrayBuffer): Promise<ArrayBuffer> {
  if (slots.length < POOL_SIZE && slots.every((s) => s.busy > 0)) slots.push(startSlot());
  const slot = slots.reduce((a, b) => (b.busy < a.busy ? b : a));
  const buffer = compressed.slice(0);
  const id = nextId++;
  slot.busy += 1;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, slot });
    slot.worker.postMessage({ id, ...job, buffer }, [buffer]);
  });
}
