import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/support/testApp.js';
import { modelValue, ordinalDate, readExpected, readReferenceSeries, REFERENCE_BANDS, referenceBandInUnits } from '../../../test/support/ccdReference.js';
import {
  changePointResponseSchema,
  changeResponseSchema,
  type ChangePointResponse,
  type ChangeRequest,
  type ChangeResponse,
  type ChangeSegmentAnswer,
  type ChangeSeriesObservation,
} from '../../shared/api/change.js';
import { progressStreamLineSchema } from '../../shared/api/ndjsonStream.js';
import { DEFAULT_POINT } from '../../shared/defaults.js';

// Expected values: ../shared/reference/ccd/expected.json (pyccd's own answers on the same series).
const expected = readExpected();
const tolerance = (band: string) => (band === 'B09' ? 0.05 : 5e-4);

let app: FastifyInstance;
let demo: FastifyInstance;
beforeAll(async () => {
  // The answers are under test, not load shedding: on a busy machine an event-loop lag would answer 503.
  app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000', LOAD_SHED_EVENT_LOOP_DELAY_MS: '0' });
  demo = await buildTestApp({ LANDSAT_SOURCE: 'demo', RATE_LIMIT_PER_MINUTE: '100000', LOAD_SHED_EVENT_LOOP_DELAY_MS: '0' });
});
afterAll(async () => {
  await app?.close();
  await demo?.close();
});

const post = (target: FastifyInstance, payload: ChangeRequest | Record<string, unknown>) => target.inject({ method: 'POST', url: '/api/change', payload });

describe('POST /api/change against pyccd (expected.json)', () => {
  for (const [file, reference] of Object.entries(expected)) {
    it(`${file}: same segments, dates, counts, curve QA, probability; fitted values, rmse and magnitude within tolerance`, async () => {
      const { ordinals, observations } = readReferenceSeries(file);
      const res = await post(app, { observations });
      expect(res.statusCode).toBe(200);
      const body: ChangeResponse = changeResponseSchema.parse(res.json());
      expect(body.observations).toBe(reference.observations);
      expect(body.usedObservations).toBe(reference.processing_mask_true);
      expect(body.algorithm.name).toBe('ccdc');
      expect(body.segments).toHaveLength(reference.change_models.length);
      body.segments.forEach((segment: ChangeSegmentAnswer, i) => {
        const model = reference.change_models[i]!;
        expect([segment.startDate, segment.endDate, segment.observationCount, segment.curveQa, segment.changeProbability]).toEqual([
          ordinalDate(model.start_day),
          ordinalDate(model.end_day),
          model.observation_count,
          model.curve_qa,
          model.change_probability,
        ]);
        expect(segment.breakDate).toBe(model.change_probability > 0 ? ordinalDate(model.break_day) : null);
        for (const [band, name] of REFERENCE_BANDS) {
          const theirs = referenceBandInUnits(model[name], name, model.curve_qa);
          const ours = segment.bands[band];
          expect(Math.abs(ours.rmse - theirs.rmse)).toBeLessThanOrEqual(tolerance(band));
          expect(Math.abs(ours.magnitude - theirs.magnitude)).toBeLessThanOrEqual(tolerance(band));
          const worst = Math.max(...ordinals.map((t) => Math.abs(modelValue(ours, t) - modelValue(theirs, t))));
          expect(worst, `${band}, segment ${i}`).toBeLessThanOrEqual(tolerance(band));
        }
      });
      expect(body.used).toHaveLength(observations.length);
    });
  }
});

describe('POST /api/change refusals', () => {
  const { observations } = readReferenceSeries('test_3657_3610_observations.csv');

  it('names the first bad observation by its index', async () => {
    const bad = observations.slice(0, 10).map((o) => ({ ...o }));
    (bad[3] as Record<string, unknown>).B05 = 'high';
    (bad[7] as Record<string, unknown>).date = '2001-02-30';
    const res = await post(app, { observations: bad });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('bad_request');
    expect(error.message).toMatch(/^Observation 3 \(counting from 0\) is not valid: B05/);
    expect(error.message.length).toBeLessThan(400);
  });

  it('refuses an unknown mask word and more than 20,000 observations', async () => {
    const mask = await post(app, { observations: observations.slice(0, 20), mask: 'clouds' });
    expect(mask.statusCode).toBe(400);
    expect(mask.json().error.message).toContain('"clouds"');
    const many = Array.from({ length: 20_001 }, (_, i) => ({ ...observations[i % observations.length]! }));
    const res = await post(app, { observations: many });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
    expect(res.json().error.message).toContain('observations');
  });

  it('answers 413 in the error shape past 4 MB', async () => {
    const padding = 'x'.repeat(4 * 1024 * 1024);
    const res = await app.inject({ method: 'POST', url: '/api/change', headers: { 'content-type': 'application/json' }, payload: `{"observations":[],"pad":"${padding}"}` });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'payload_too_large' });
    expect(res.json().error.message).toContain('4 MB');
  });

  it('is under the per-client rate limit (429 in the error shape)', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const body = { observations: observations.slice(0, 30) };
      expect((await post(limited, body)).statusCode).toBe(200);
      expect((await post(limited, body)).statusCode).toBe(200);
      const res = await post(limited, body);
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});

// Reading a pixel's 40-year record (~3,700 scenes) takes seconds, and minutes on a loaded machine:
// the limit guards against a hang, not speed (npm run bench measures it).
const RECORD_TIMEOUT_MS = 600_000;

describe('GET /api/change on the embedded (synthetic) archive', () => {
  const url = `/api/change?lat=${DEFAULT_POINT.lat}&lon=${DEFAULT_POINT.lon}`;

  it('analyses the whole record at the point and returns the observations with their fitted values', async () => {
    const res = await demo.inject(url);
    expect(res.statusCode).toBe(200);
    const body: ChangePointResponse = changePointResponseSchema.parse(res.json());
    expect(body.synthetic).toBe(true);
    expect(body.target).toEqual({ lat: DEFAULT_POINT.lat, lon: DEFAULT_POINT.lon });
    expect(body.series.length).toBe(body.observations);
    // Oldest first, from the TM era to OLI.
    const sensors = new Set(body.series.map((o) => o.sensor));
    expect(sensors.has('TM')).toBe(true);
    expect(sensors.has('OLI/TIRS')).toBe(true);
    expect(body.series[0]!.date < '1990-01-01').toBe(true);
    expect(body.series.filter((o) => o.used)).toHaveLength(body.usedObservations);
    expect(body.segments.length).toBeGreaterThan(0);
    // Every used observation lies in a segment, and its fitted value is that segment's model on its date.
    for (const o of body.series.filter((s: ChangeSeriesObservation) => s.used)) {
      const segment = body.segments.find((s) => s.startDate <= o.date && o.date <= s.endDate);
      if (!segment) continue; // observations after the last model's end (the last peek) belong to none
      expect(o.fitted).not.toBeNull();
      const t = Date.parse(`${o.date}T00:00:00Z`) / 86_400_000 + 719_163;
      // At the data's precision: reflectance to 6 decimals, kelvin to 2.
      expect(Math.abs(o.fitted!.B05! - modelValue(segment.bands.B05, t))).toBeLessThanOrEqual(5e-7 + 1e-12);
      expect(Math.abs(o.fitted!.B09! - modelValue(segment.bands.B09, t))).toBeLessThanOrEqual(5e-3 + 1e-9);
      expect(String(o.values.B05).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(6);
      expect(String(o.values.B09).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(2);
      expect(o.clear).toBe(true);
    }
    // The posted form of the same observations gives the same segments (one algorithm behind both).
    const posted = await post(demo, { observations: body.series.map((o) => ({ date: o.date, ...o.values, qa: o.qa })) });
    expect(posted.json().segments).toEqual(body.segments);
  }, RECORD_TIMEOUT_MS);

  it('streams progress, then the same answer', async () => {
    const res = await demo.inject(`/api/change/stream?lat=${DEFAULT_POINT.lat}&lon=${DEFAULT_POINT.lon}&startDate=2000-01-01&endDate=2010-12-31`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body.trim().split('\n').map((l) => progressStreamLineSchema.parse(JSON.parse(l)));
    expect(lines[0]!.type).toBe('progress');
    const last = lines.at(-1)!;
    expect(last.type).toBe('result');
    const result = changePointResponseSchema.parse((last as { result: unknown }).result);
    expect(result.series.every((o) => o.date >= '2000-01-01' && o.date <= '2010-12-31')).toBe(true);
    const plain = (await demo.inject(`/api/change?lat=${DEFAULT_POINT.lat}&lon=${DEFAULT_POINT.lon}&startDate=2000-01-01&endDate=2010-12-31`)).json();
    expect(result.segments).toEqual(plain.segments);
  }, RECORD_TIMEOUT_MS);

  it('harmonises TM and ETM+ to OLI first when asked', async () => {
    const range = `lat=${DEFAULT_POINT.lat}&lon=${DEFAULT_POINT.lon}&startDate=2001-01-01&endDate=2002-12-31`;
    const asArchived = changePointResponseSchema.parse((await demo.inject(`/api/change?${range}`)).json());
    const harmonized = changePointResponseSchema.parse((await demo.inject(`/api/change?${range}&harmonize=oli`)).json());
    expect(asArchived.harmonized).toBeUndefined();
    expect(harmonized.harmonized).toBe('roy2016-rma');
    const i = asArchived.series.findIndex((o) => o.sensor !== 'OLI/TIRS' && o.values.B05 !== null);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(harmonized.series[i]!.sceneId).toBe(asArchived.series[i]!.sceneId);
    expect(harmonized.series[i]!.values.B05).not.toBe(asArchived.series[i]!.values.B05);
    // Thermal is not harmonised.
    expect(harmonized.series[i]!.values.B09).toBe(asArchived.series[i]!.values.B09);
  }, RECORD_TIMEOUT_MS);

  it('refuses a bad query in the error shape', async () => {
    const res = await demo.inject(`/api/change?lat=95&lon=0`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
    const harmonize = await demo.inject(`${url}&harmonize=tm`);
    expect(harmonize.statusCode).toBe(400);
  });
});
