/**
 * Issue 33 item 2, "an area measurement never starves other users", through the API: the real server
 * as its own process (`npm start`'s settings, demo archive, scripts/load/serverProcess.ts), a 2,500 km²
 * square around the default point over the last twelve months streamed from /api/area/stream, and
 * while it runs, one point Fetch after another as the page sends it (the 3x3 image, the pixel series
 * stream and the scene-box statistics stream, together), each at a point (and box) a little further
 * on so that none is answered from what an earlier one kept. Per Fetch: time to the image and to the
 * end of both streams (every chart). The same Fetch before the area starts is the reference. The area
 * is cancelled at the end (its rate is not this bench's figure: see areaJourney.ts).
 * `npx tsx scripts/bench/pointDuringArea.ts` (POINT_DURING_AREA_FETCHES, default 5). Figures only.
 */
import os from 'node:os';
import { DEFAULT_POINT } from '../../src/shared/defaults.js';
import { startServerProcess } from '../load/serverProcess.js';
import { runAsScript } from './runAsScript.js';
import { ndjsonLines } from '../ndjsonLines.js';

const FETCHES = Number(process.env.POINT_DURING_AREA_FETCHES ?? 5);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const END = isoDay(new Date());
const START = isoDay(new Date(Date.now() - 365 * 86_400_000));
/** The default point's scene box (WRS-2 018/028), as the page asks its statistics. */
const BOX = { minLon: -80.62435440193119, minLat: 44.965806437353145, maxLon: -77.64312355860082, maxLat: 47.08106202336236 };
const BANDS = 'B01,B02,B03,B04,B05';

function squarePolygon(km: number) {
  const dLat = km / 2 / 111.32;
  const dLon = km / 2 / (111.32 * Math.cos((DEFAULT_POINT.lat * Math.PI) / 180));
  const [x, y] = [DEFAULT_POINT.lon, DEFAULT_POINT.lat];
  return { type: 'Polygon', coordinates: [[[x - dLon, y - dLat], [x + dLon, y - dLat], [x + dLon, y + dLat], [x - dLon, y + dLat], [x - dLon, y - dLat]]] };
}

/** The page's three calls of one Fetch, the n-th moved by n x 0.002 degrees (new pixels, new box). */
function fetchUrls(n: number) {
  const shift = n * 0.002;
  const lat = DEFAULT_POINT.lat + shift;
  const lon = DEFAULT_POINT.lon;
  const box = `LON_UL=${BOX.minLon + shift}&LAT_UR=${BOX.minLat}&LON_UR=${BOX.maxLon}&LAT_UL=${BOX.maxLat}&startDate=${START}&endDate=${END}&bands=${BANDS}&cloudCoverage=100`;
  return {
    image: `/api/landsat3x3?latitude=${lat}&longitude=${lon}&${box}`,
    pixels: `/api/pixel/stream?lat=${lat}&lon=${lon}&startDate=${START}&endDate=${END}&bands=${BANDS}&cloudCoverage=100`,
    statistics: `/api/landsatData/stream?${box}`,
  };
}

/** When the answer ended; a failed answer is reported (its words on stderr) and counted, not timed. */
async function readToEnd(url: string, failures: string[]): Promise<number> {
  const res = await fetch(url);
  const text = await res.text();
  if (!res.ok) {
    failures.push(`${new URL(url).pathname} ${res.status}`);
    process.stderr.write(`${url} answered ${res.status}: ${text.slice(0, 300)}\n`);
  }
  return performance.now();
}

async function pointFetch(baseUrl: string, n: number) {
  const urls = fetchUrls(n);
  const failures: string[] = [];
  const t0 = performance.now();
  const [image, pixels, statistics] = await Promise.all([readToEnd(baseUrl + urls.image, failures), readToEnd(baseUrl + urls.pixels, failures), readToEnd(baseUrl + urls.statistics, failures)]);
  return { imageMs: Math.round(image - t0), everyChartMs: Math.round(Math.max(pixels, statistics) - t0), ...(failures.length > 0 ? { failures } : {}) };
}

/** The area's progress lines as they come: resolves `started` at its first "done >= 1" line. */
function startArea(baseUrl: string, signal: AbortSignal) {
  let progress = { done: 0, total: 0 };
  let onFirstScene: () => void = () => {};
  const firstScene = new Promise<void>((resolve) => (onFirstScene = resolve));
  const body = JSON.stringify({ geometry: squarePolygon(49.9), startDate: START, endDate: END, cloudCoverage: 100, bands: BANDS.split(',') });
  const ended = (async () => {
    try {
      const res = await fetch(`${baseUrl}/api/area/stream`, { method: 'POST', body, headers: { 'content-type': 'application/json' }, signal });
      for await (const line of ndjsonLines(res.body!)) {
        const m = /"done":(\d+),"total":(\d+)/.exec(line);
        if (m) progress = { done: Number(m[1]), total: Number(m[2]) };
        if (progress.done >= 1) onFirstScene();
      }
    } catch {
      // cancelled at the end, on purpose
    }
    onFirstScene();
  })();
  return { firstScene, ended, progress: () => progress };
}

const spread = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[Math.floor((s.length - 1) / 2)], max: s[s.length - 1] };
};

export async function benchPointDuringArea() {
  const server = await startServerProcess();
  try {
    const loadAverageAtStart = os.loadavg()[0];
    // Code loaded and workers warm, as on a server that has answered before.
    await pointFetch(server.baseUrl, 100);
    // Alone and during the area at neighbouring points (-1, -2 and 1, 2, ...): the default point itself
    // (0) answered during the area in a quarter of its neighbours' time in every run, so it is left out.
    const alone = [];
    for (let n = 1; n <= 2; n++) alone.push(await pointFetch(server.baseUrl, -n));
    const stop = new AbortController();
    const area = startArea(server.baseUrl, stop.signal);
    await area.firstScene;
    const during = [];
    for (let n = 1; n <= FETCHES; n++) during.push(await pointFetch(server.baseUrl, n));
    const areaProgress = area.progress();
    stop.abort();
    await area.ended;
    return {
      what: `point Fetch (3x3 image + pixel stream + scene-box statistics stream, one year, ${BANDS}) while a 2,500 km² square, one year, streams from /api/area/stream; demo archive, server as its own process`,
      target: { everyChartMs: 2_000 },
      loadAverage1m: { atStart: loadAverageAtStart, atEnd: os.loadavg()[0] },
      alone: { imageMs: spread(alone.map((f) => f.imageMs)), everyChartMs: spread(alone.map((f) => f.everyChartMs)) },
      duringArea: { fetches: during.length, imageMs: spread(during.map((f) => f.imageMs)), everyChartMs: spread(during.map((f) => f.everyChartMs)), each: during },
      areaScenesDoneMeanwhile: areaProgress,
    };
  } finally {
    server.stop();
  }
}

runAsScript(import.meta.url, benchPointDuringArea);
