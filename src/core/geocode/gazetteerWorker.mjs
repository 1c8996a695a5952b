// Worker thread that builds the gazetteer index (buildGazetteerIndex.ts) off the event loop and sends
// it back once, its typed arrays transferred; the thread then ends, and with it the city and region
// tables the build reads. Plain JS so it starts the same way under node, tsx and Vitest;
// it loads the TypeScript build code through tsx's API (tsx is a runtime dependency: `npm start` uses it).
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { buildGazetteerIndex, gazetteerIndexBuffers } = await tsImport('./buildGazetteerIndex.ts', import.meta.url);
const index = buildGazetteerIndex();
parentPort.postMessage(index, gazetteerIndexBuffers(index));
