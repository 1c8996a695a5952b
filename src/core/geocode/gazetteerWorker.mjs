// Worker thread that builds the gazetteer index (buildGazetteerIndex.ts) off the event loop, or reads
// the one a previous start built and cached on disk, and sends it back once, its typed arrays
// transferred; the thread then ends, and with it the city and region tables the build reads. Plain JS so it starts the same way under node, tsx and Vitest;
// it loads the TypeScript build code through tsx's API (tsx is a runtime dependency: `npm start` uses it).
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

// The build is ~2 s of CPU that starts with the server: at the lowest priority, it takes only what the
// requests leave of the cores. On 2 cores it took a third of a cold 45-scene series' CPU from the first
// series after start. Linux keeps a nice value per thread (/proc/thread-self names this one); elsewhere
// the build keeps the normal priority.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 19);
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
