// Worker thread that builds the gazetteer index (buildGazetteerIndex.ts) off the event loop, or reads
// the one a previous start built and cached on disk, and sends it back once, its typed arrays
// transferred; the thread then ends, and with it the city and region tables the build reads. Plain JS so it starts the same way under node, tsx and Vitest;
// it loads the TypeScript build code through tsx's API (tsx is a runtime dependency: `npm start` uses it).
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

// The build is ~2 s of CPU that starts with the server: at a low priority, it takes little of what the
// requests need of the cores. On 2 cores at normal priority it took a third of a cold 45-scene series'
// CPU from the first series after start. Not the lowest (19): Linux's scheduler gives a nice-19 thread
// 15/1024 of a normal one's share, so on a machine kept busy (a load of ~10 on 2 cores) the build got
// ~0.3 % of a core and had not ended after 300 s, and every place search waited for it. At 10 (110/1024)
// it took 78 s under that load, and the first series after start was no slower than at 19 (8 interleaved
// rounds, docs/performance.md, fourteenth round).
// https://github.com/torvalds/linux/blob/v6.1/kernel/sched/core.c (sched_prio_to_weight)
// Linux keeps a nice value per thread (/proc/thread-self names this one); elsewhere the build keeps the
// normal priority.
const BUILD_NICE = 10;
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), BUILD_NICE);
} catch {
  // not Linux
}

const { buildGazetteerIndex, gazetteerIndexBuffers } = await tsImport('./buildGazetteerIndex.ts', import.meta.url);
// The index a previous start built, when the loader names a cache folder (gazetteerCache.ts).
const cacheDir = workerData?.cacheDir;
// (knip.json names gazetteerCache.ts an entry: knip cannot follow tsImport.)
const cache = cacheDir ? await tsImport('./gazetteerCache.ts', import.meta.url) : null;
const cacheFile = cache?.gazetteerCacheFile(cacheDir);
let index = cache?.readCachedGazetteerIndex(cacheFile) ?? null;
if (!index) {
  index = buildGazetteerIndex();
  cache?.writeCachedGazetteerIndex(cacheFile, index);
}
parentPort.postMessage(index, gazetteerIndexBuffers(index));
