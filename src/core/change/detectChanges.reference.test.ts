import { describe, expect, it } from 'vitest';
import { detectChanges } from './detectChanges.js';
import { modelValue, ordinalDate, readExpected, readReferenceSeries, REFERENCE_BANDS, referenceBandInUnits } from '../../../test/support/ccdReference.js';

// Expected values: ../shared/reference/ccd/expected.json, made by running USGS LCMAP pyccd on the same
// series (README there). Tolerances are the issue's: 5e-4 reflectance, 0.05 K.
const expected = readExpected();
const tolerance = (band: string) => (band === 'B09' ? 0.05 : 5e-4);

describe('detectChanges against pyccd (expected.json)', () => {
  for (const [file, reference] of Object.entries(expected)) {
    describe(file, () => {
      const { ordinals, observations } = readReferenceSeries(file);
      const result = detectChanges(observations);

      it('finds the same segments with the same dates, counts, curve QA and change probability', () => {
        expect(result.observations).toBe(reference.observations);
        expect(result.usedObservations).toBe(reference.processing_mask_true);
        expect(result.segments.map((s) => [s.startDate, s.endDate, s.breakDate ?? ordinalDate(reference.change_models.at(-1)!.break_day), s.observationCount, s.curveQa, s.changeProbability])).toEqual(
          reference.change_models.map((m) => [ordinalDate(m.start_day), ordinalDate(m.end_day), ordinalDate(m.break_day), m.observation_count, m.curve_qa, m.change_probability]),
        );
        // A break date only where pyccd confirmed change.
        result.segments.forEach((s, i) => expect(s.breakDate === null).toBe(reference.change_models[i]!.change_probability === 0 && reference.change_models[i]!.curve_qa !== 14));
      });

      it('fits the same models: fitted values at every observation, rmse and magnitude within tolerance', () => {
        let checked = 0;
        result.segments.forEach((segment, i) => {
          const model = reference.change_models[i]!;
          for (const [band, name] of REFERENCE_BANDS) {
            const theirs = referenceBandInUnits(model[name], name, model.curve_qa);
            const ours = segment.bands[band];
            expect(ours.coefficients).toHaveLength(7);
            expect(Math.abs(ours.rmse - theirs.rmse), `${band} rmse, segment ${i}`).toBeLessThanOrEqual(tolerance(band));
            expect(Math.abs(ours.magnitude - theirs.magnitude), `${band} magnitude, segment ${i}`).toBeLessThanOrEqual(tolerance(band));
            for (const t of ordinals) {
              const difference = Math.abs(modelValue(ours, t) - modelValue(theirs, t));
              expect(difference, `${band} fitted on ${ordinalDate(t)}, segment ${i}`).toBeLessThanOrEqual(tolerance(band));
              checked += 1;
            }
          }
        });
        expect(checked).toBe(result.segments.length * 7 * ordinals.length);
      });
    });
  }
});
