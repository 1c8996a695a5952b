import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { landsatDataQuerySchema, landsatDataResponseSchema, landsatDataStreamAnswer } from '../../shared/api/landsatData.js';
import { pixelQuerySchema, pixelResponseSchema, pixelSceneSchema, pixelStreamAnswer } from '../../shared/api/pixel.js';
import { landsat3x3Answer, landsat3x3QuerySchema, landsatImageAnswer, landsatImageQuerySchema } from '../../shared/api/sceneImage.js';
import { scenesQuerySchema, scenesResponseSchema } from '../../shared/api/scenes.js';
import type { RenderedImage } from '../../core/landsat/landsatResults.js';
import { requestSignal } from '../requestSignal.js';
import { sendNdjsonProgress } from '../ndjsonProgress.js';
import { sendScenePng } from './sendScenePng.js';
import { seriesSerializer } from '../seriesSerializer.js';
import { FAST_COMPRESSION } from '../staticFiles.js';
import { runInSeriesLane } from '../../core/workLane.js';

const boxOf = (q: { LON_UL: number; LAT_UR: number; LON_UR: number; LAT_UL: number }) => ({
  minLon: q.LON_UL,
  minLat: q.LAT_UR,
  maxLon: q.LON_UR,
  maxLat: q.LAT_UL,
});

const sendPng = (reply: FastifyReply, image: RenderedImage) => sendScenePng(reply, image, { cacheControl: 'no-store', sendBounds: true });

/**
 * A full-scene image holds two heavy slots: it is bound by CPU and memory (three overview windows
 * decoded, a PNG drawn) where a series mostly waits on the archive, so with the default four slots at
 * most two images run at once. More would not finish sooner on a few cores; they would only hold more
 * windows in memory at the same time (`npm run load`, docs/benchmarks.md, "Load").
 */
const IMAGE_SLOTS = 2;

export default async function dataRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { landsat, config, heavyQueue } = app.ctx;
  const signalFor = (reply: FastifyReply) => requestSignal(reply, config.REQUEST_TIMEOUT_MS);
  // Streamed series report progress, so a long one (the whole 8/9 record) may take minutes.
  const streamSignalFor = (reply: FastifyReply) => requestSignal(reply, config.STREAM_TIMEOUT_MS);

  api.get(
    '/api/landsat3x3',
    { schema: { summary: 'PNG of the 3 x 3 pixels around the point from the most recent qualifying scene', querystring: landsat3x3QuerySchema, response: { 200: landsat3x3Answer } } },
    async (req, reply) => {
      const q = req.query;
      const image = await landsat.render3x3([q.longitude, q.latitude], q, signalFor(reply));
      return sendPng(reply, image);
    },
  );

  api.get(
    '/api/landsatImage',
    { schema: { summary: 'PNG of the box from the most recent qualifying scene, contrast-stretched', querystring: landsatImageQuerySchema, response: { 200: landsatImageAnswer } } },
    async (req, reply) => {
      const signal = signalFor(reply);
      const image = await heavyQueue.run(() => landsat.renderBox(boxOf(req.query), req.query, signal), signal, { slots: IMAGE_SLOTS });
      return sendPng(reply, image);
    },
  );

  api.get(
    '/api/landsatData',
    { schema: { summary: 'Per-scene band statistics over the clear pixels of the box, oldest first', querystring: landsatDataQuerySchema, response: { 200: landsatDataResponseSchema } } },
    async (req, reply) => {
      const signal = signalFor(reply);
      return heavyQueue.run(() => landsat.boxStatistics(boxOf(req.query), req.query, { signal }), signal);
    },
  );

  api.get(
    '/api/pixel',
    {
      schema: { summary: 'The 3 x 3 pixel grid around a point in each qualifying scene, with units, DN and QA flags', querystring: pixelQuerySchema, response: { 200: pixelResponseSchema } },
      // A repeated series reuses each scene's JSON (the 40-year record is 5 MB of it).
      serializerCompiler: seriesSerializer('scenes', pixelSceneSchema),
      compress: FAST_COMPRESSION,
    },
    async (req, reply) => {
      const q = req.query;
      const signal = signalFor(reply);
      // Only the series is heavy; the latest scene alone is a few cached tiles.
      const read = () => landsat.readPixels([q.lon, q.lat], q, { latest: q.latest, signal });
      return q.latest ? read() : heavyQueue.run(read, signal);
    },
  );

  // The two streamed series run in the series lane (workLane.ts): the page asks them together with its
  // image, whose worker jobs go first, and a stream's search and first progress line need no worker.
  api.get(
    '/api/landsatData/stream',
    {
      schema: {
        summary:
          'landsatData as NDJSON: progress lines ({"type":"progress","done","total"}), one {"type":"item","item":entry} line per finished scene (in the order they finish), then {"type":"result","result":…}',
        querystring: landsatDataQuerySchema,
        response: { 200: landsatDataStreamAnswer },
      },
    },
    async (req, reply) => {
      const signal = streamSignalFor(reply);
      return sendNdjsonProgress(req, reply, (onProgress, onItem, onSearching) =>
        heavyQueue.run(() => runInSeriesLane(() => landsat.boxStatistics(boxOf(req.query), req.query, { streamed: true, signal, onProgress, onSearching, onEntry: onItem }), signal), signal),
      );
    },
  );

  api.get(
    '/api/pixel/stream',
    {
      schema: {
        summary: 'The pixel series as NDJSON with progress lines, then {"type":"result","result":…}',
        querystring: pixelQuerySchema,
        response: { 200: pixelStreamAnswer },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const signal = streamSignalFor(reply);
      return sendNdjsonProgress(req, reply, (onProgress, _onItem, onSearching) =>
        heavyQueue.run(() => runInSeriesLane(() => landsat.readPixels([q.lon, q.lat], q, { latest: q.latest, streamed: true, signal, onProgress, onSearching }), signal), signal),
      );
    },
  );

  api.get(
    '/api/scenes',
    { schema: { summary: 'Metadata of the qualifying scenes at a point or over a box, oldest first', querystring: scenesQuerySchema, response: { 200: scenesResponseSchema } } },
    async (req, reply) => {
      const q = req.query;
      const found = await landsat.findScenes(q.bboxLngLat, q, signalFor(reply));
      return {
        scenes: found.scenes.map(({ assets: _assets, ...scene }) => scene),
        truncated: found.truncated,
        limit: found.limit,
        synthetic: found.synthetic,
      };
    },
  );
}
