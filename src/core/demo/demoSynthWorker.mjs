// Worker thread of the demo tile pool (demoSynthPool.ts): synthesizes the nine bands of one tile of one
// synthetic scene (or the cloud percents a search needs) off the event loop, with the very code the main thread would run (demoScenes.ts), so
// the bytes are the same. The synthesizer is TypeScript: tsx's loader is registered here because the
// pool starts workers without the parent's loader flags (a test runner's hooks would break them).
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { synthesizeDemoTileSet, cloudPercentsOfSceneIds, knownCloudPercent, adoptSceneClouds } = await import('./demoScenes.ts');
const { preloadLandMask } = await import('../geo/landMask.ts');
const { countDemoSamples } = await import('./demoSampleCounts.ts');

parentPort.on('message', ({ id, sceneId, level, index, tilesAcross, rows, cols, cloudPercentsOf, countSamples, warmUp }) => {
  // Each answer says how long its job took here (`ms`): the pool posts short jobs deeper (threadPool.ts' QUEUED_WORK_MS).
  const started = performance.now();
  const answer = (message, transfer) => parentPort.postMessage({ ...message, ms: performance.now() - started }, transfer);
  try {
    if (warmUp) {
      // Loaded above; the coastline index too, before the first tile needs it.
      preloadLandMask();
      answer({ id, result: null });
      return;
    }
    if (countSamples) {
      const c = countSamples;
      // The scene's cloud field built on the event loop while this thread was busy (demoScenes.ts' cloudsToHandOver).
      if (c.clouds) adoptSceneClouds(c.sceneId, c.clouds);
      const counts = countDemoSamples(c.sceneId, c.level, c.tilesAcross, c.pieces, c.bands, c.qaBand, c.maskBits, c.outWidth, c.inside);
      const transfer = counts.flatMap((k) => [k.clearDns.buffer, k.clearCounts.buffer, k.maskedDns.buffer, k.maskedCounts.buffer]);
      // The scene's cloud percent goes back with its counts when the counting built its whole cloud
      // field (it then knows it for free), so the event loop need not build it again for `cloudCover`.
      answer({ id, result: { counts, cloudPercent: knownCloudPercent(c.sceneId) } }, transfer);
      return;
    }
    if (cloudPercentsOf) {
      const percents = Float64Array.from(cloudPercentsOfSceneIds(cloudPercentsOf));
      answer({ id, result: percents.buffer }, [percents.buffer]);
      return;
    }
    const bands = synthesizeDemoTileSet(sceneId, level, index, tilesAcross, rows, cols);
    // The bands (all of one length) in one buffer: one transfer a message rather than nine, each of
    // which the profile of the five-year journey showed as the worker's message cost. The synthesizer
    // makes them as views on one buffer in this order already (demoTileSynth.ts); else they are copied.
    const n = bands[0].length;
    const buffer = bands[0].buffer;
    const inPlace = buffer.byteLength === bands.length * n * 2 && bands.every((b, k) => b.buffer === buffer && b.byteOffset === k * n * 2);
    const packed = inPlace ? buffer : new Uint16Array(bands.length * n).buffer;
    if (!inPlace) bands.forEach((b, k) => new Uint16Array(packed).set(b, k * n));
    answer({ id, result: packed }, [packed]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
