// Plain-JS entry of the demo generator thread: loads the TypeScript worker through tsx's API,
// because Node 20 does not apply `--import tsx` module hooks inside worker threads.
import { tsImport } from 'tsx/esm/api';

await tsImport('./demoWorker.ts', import.meta.url);
