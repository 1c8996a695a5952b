import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gazetteerCacheFile } from './gazetteerCache.js';
import { loadGazetteer } from './loadGazetteer.js';
import { PLACE_INDEX_HANG_GUARD_MS } from '../../../test/support/hangGuards.js';

describe('loadGazetteer', () => {
  it('builds the index off the event loop: timers set during the build fire before it is ready', async () => {
    const events: string[] = [];
    let ticks = 0;
    const interval = setInterval(() => ticks++, 1);
    const loading = loadGazetteer().then((gazetteer) => {
      events.push(`loaded after ${ticks > 1 ? 'several' : ticks} ticks`);
      return gazetteer;
    });
    setTimeout(() => events.push('timer'), 0);
    const gazetteer = await loading;
    clearInterval(interval);
    // A build on the event loop would resolve before any timer could fire.
    expect(events).toEqual(['timer', 'loaded after several ticks']);
    // The index the thread sent answers like the one built in place (gazetteer.test.ts).
    expect(gazetteer.size).toBeGreaterThan(100_000);
    expect(gazetteer.search('paris', 1)[0]).toMatchObject({ name: 'Paris', region: 'Île-de-France', country: 'France' });
    expect(gazetteer.search('sao pa', 1)[0].name).toBe('São Paulo');
  }, PLACE_INDEX_HANG_GUARD_MS);

  it('rejects with a clear message when the build thread fails or stops without an index', async () => {
    await expect(loadGazetteer(new URL('data:text/javascript,throw new Error("no city list")'))).rejects.toThrow('loading the place index failed: no city list');
    await expect(loadGazetteer(new URL('data:text/javascript,process.exit(3)'))).rejects.toThrow('stopped (exit code 3) before it sent the index');
  });

  it('keeps the built index in its cache folder, and the next load reads it (a damaged file is built anew)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'place-index-cache-'));
    try {
      const built = await loadGazetteer(undefined, { cacheDir: dir });
      const file = gazetteerCacheFile(dir);
      expect(await readdir(dir)).toEqual([path.basename(file)]);
      const written = (await stat(file)).mtimeMs;
      const read = await loadGazetteer(undefined, { cacheDir: dir });
      // Read, not rebuilt (the file is untouched), and it answers as the built one.
      expect((await stat(file)).mtimeMs).toBe(written);
      expect(read.size).toBe(built.size);
      for (const q of ['paris', 'sao pa', 'york', 'tokyo']) expect(read.search(q, 5)).toEqual(built.search(q, 5));
      // A damaged file is not an error: the index is built and the file written anew.
      await writeFile(file, 'not an index');
      const rebuilt = await loadGazetteer(undefined, { cacheDir: dir });
      expect(rebuilt.search('paris', 1)[0]).toMatchObject({ name: 'Paris', country: 'France' });
      expect((await stat(file)).size).toBeGreaterThan(1_000_000);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // Two builds (the first, and the one after the damaged file) and a read.
  }, 2 * PLACE_INDEX_HANG_GUARD_MS);
});
