/**
 * Issue 22 item 5: 30 full-scene images (10 newest scenes at the default point x 3 slightly different
 * boxes, all at once) and one 1,000-site `/api/sites` batch (sites spread over the newest scene, its last
 * 32 days, four bands) while /api/health is polled: health p99 against 200 ms, how each request ended,
 * how long the whole took, and the server's main-thread CPU over it (scripts/load/measure.ts).
 * Against a server at `baseUrl` (the load script's own, or a process: `npx tsx scripts/loadStreams.ts`
 * with LOAD_ONLY=images-sites). Figures only, nothing asserted here.
 */
import { DEFAULT_POINT } from '../../src/shared/defaults.js';
import { cpuOf, healthSummary, mainThreadCpuMs, pollHealth, type LoopCpu } from './measure.js';
import { random } from './soak.js';

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface SceneRow {
  datetime: string;
  bboxLngLat: [number, number, number, number];
}

export async function imagesAndSites(
  baseUrl: string,
  { serverPid, images = 30, sites = 1000, loopCpu = async () => null }: { serverPid?: number; images?: number; sites?: number; loopCpu?: LoopCpu } = {},
) {
  const { lat, lon } = DEFAULT_POINT;
  const now = Date.now();
  const scenesUrl = `${baseUrl}/api/scenes?lat=${lat}&lon=${lon}&startDate=${day(now - 365 * DAY_MS)}&endDate=${day(now)}&cloudCoverage=100`;
  let res = await fetch(scenesUrl);
  // A busy server (503 + Retry-After) is asked again, as a client would.
  for (let attempt = 0; res.status === 503 && attempt < 20; attempt++) {
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
    res = await fetch(scenesUrl);
  }
  if (!res.ok) throw new Error(`/api/scenes answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const found = ((await res.json()) as { scenes: SceneRow[] }).scenes;
  if (found.length === 0) throw new Error('the archive has no scene at the default point');
  const scenes = found.slice(-10);
  // Boxes a little inside each scene's, different in every image: every image reads windows nothing read before.
  const imageUrls = Array.from({ length: images }, (_, i) => {
    const scene = scenes[i % scenes.length];
    const [w, s, e, n] = scene.bboxLngLat;
    const inset = 0.01 * (1 + Math.floor(i / scenes.length));
    const d = scene.datetime.slice(0, 10);
    return `/api/landsatImage?LON_UL=${w + inset}&LAT_UR=${s + inset}&LON_UR=${e - inset}&LAT_UL=${n - inset}&startDate=${d}&endDate=${d}&bands=B04,B03,B02`;
  });
  // Sites over the newest scene's central half, seeded (the same sites every run).
  const [w, s, e, n] = scenes[scenes.length - 1].bboxLngLat;
  const rand = random(2463534242);
  const siteList = Array.from({ length: sites }, (_, i) => ({
    id: `site-${i}`,
    lon: Math.round((w + (e - w) * (0.25 + rand() / 2)) * 1e6) / 1e6,
    lat: Math.round((s + (n - s) * (0.25 + rand() / 2)) * 1e6) / 1e6,
  }));
  const sitesBody = JSON.stringify({ sites: siteList, startDate: day(now - 32 * DAY_MS), endDate: day(now), cloudCoverage: 100, bands: ['B02', 'B03', 'B04', 'B05'] });

  const outcomes: Record<string, number> = {};
  const ended = (what: string, status: number | string) => (outcomes[`${what} ${status}`] = (outcomes[`${what} ${status}`] ?? 0) + 1);
  let done = false;
  await loopCpu();
  const cpuStart = mainThreadCpuMs(serverPid);
  const startedAt = performance.now();
  let sitesMs = 0;
  let siteRows = 0;
  const work = Promise.all([
    ...imageUrls.map(async (url) => {
      const r = await fetch(baseUrl + url, { signal: AbortSignal.timeout(180_000) }).catch((err: Error) => err);
      if (r instanceof Error) return ended('image', r.name);
      await r.arrayBuffer();
      ended('image', r.status);
    }),
    (async () => {
      const t = performance.now();
      const r = await fetch(`${baseUrl}/api/sites`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/csv' }, body: sitesBody, signal: AbortSignal.timeout(600_000) }).catch((err: Error) => err);
      if (r instanceof Error) return ended('sites', r.name);
      const text = await r.text();
      sitesMs = performance.now() - t;
      siteRows = Math.max(0, text.trimEnd().split('\n').length - 1);
      ended('sites', r.status);
    })(),
  ]).finally(() => (done = true));
  const health = await pollHealth(baseUrl, () => done);
  await work;
  const cpuEnd = mainThreadCpuMs(serverPid);
  const loop = await loopCpu();
  return {
    images,
    sites,
    outcomes,
    wholeMs: Math.round(performance.now() - startedAt),
    sitesBatch: { ms: Math.round(sitesMs), rows: siteRows },
    health: healthSummary(health),
    mainThreadCpu: cpuOf(cpuStart, cpuEnd, { perImageOrBatchMs: images + 1 }),
    loop,
  };
}
