import { describe, expect, it } from 'vitest';
import { centeredDesign, designMatrix, fitLasso, predict } from './lasso.js';

// A small problem solved independently with scikit-learn 1.2.1 (Debian's python3-sklearn):
//   X = 7 columns [t, cos wt, sin wt, cos 2wt, sin 2wt, cos 3wt, sin 3wt], the unused harmonics all 0
//   as pyccd builds it; Lasso(alpha=1.0, max_iter=1000).fit(X, y); printed intercept_ and coef_ with repr.
const t = [
  730000, 730024, 730050, 730071, 730094, 730119, 730139, 730161, 730185, 730211, 730232, 730255, 730280, 730300, 730322, 730346, 730372, 730393, 730416, 730441,
  730461, 730483, 730507, 730533, 730554, 730577, 730602, 730622, 730644, 730668,
];
const y = [
  897.572993, 1049.389097, 1220.549675, 1253.061661, 1352.471499, 1383.474633, 1256.210898, 1172.535619, 1051.222704, 832.901774, 781.521839, 672.298234,
  710.611067, 777.208095, 767.994649, 882.505898, 1027.6174, 1069.095146, 1224.622012, 1369.815203, 1355.11145, 1386.005646, 1243.859513, 1129.626709,
  1026.98281, 829.312023, 767.956566, 770.087499, 709.699566, 783.184832,
];
const SKLEARN: Record<number, { intercept: number; coef: number[] }> = {
  4: { intercept: -60195.975324016545, coef: [0.08381130155559482, 306.40948827995504, -119.81321004421609, 0, 0, 0, 0] },
  6: { intercept: -44158.20273742206, coef: [0.061852636174855195, 303.4050942544745, -118.46735507430003, 36.245178634337165, -0.5633780000791612, 0, 0] },
  8: {
    intercept: -42993.68375369368,
    coef: [0.060258135731902494, 303.3426560793429, -118.2249096200192, 36.31698697211224, -0.6719082308994678, -4.221879493970608, -0.38529740604753954],
  },
};

describe('fitLasso (scikit-learn coordinate descent, alpha 1)', () => {
  const rows = designMatrix(t);
  const members = t.map((_, i) => i);
  for (const numCoefficients of [4, 6, 8]) {
    it(`matches scikit-learn with ${numCoefficients} coefficients`, () => {
      const fit = fitLasso(centeredDesign(rows, members, numCoefficients), y, numCoefficients, { alpha: 1, maxIter: 1000, tol: 1e-4 });
      const expected = SKLEARN[numCoefficients]!;
      // Equal to rounding: the slope to 1e-11 per day, the harmonics to 1e-8.
      fit.coefficients.forEach((c, j) => expect(c).toBeCloseTo(expected.coef[j]!, j === 0 ? 11 : 8));
      // The intercept sits at ordinal day 0, far from the data: compare the fitted values instead.
      for (let i = 0; i < t.length; i += 1) {
        let theirs = expected.intercept;
        expected.coef.forEach((c, j) => (theirs += c * rows[i * 7 + j]!));
        expect(predict(fit, rows, i * 7)).toBeCloseTo(theirs, 6);
      }
      // Adjusted RMSE: sqrt(sum r^2 / (n - k)) from the residuals.
      const ss = fit.residuals.reduce((s, r) => s + r * r, 0);
      expect(fit.rmse).toBeCloseTo(Math.sqrt(ss / (t.length - numCoefficients)), 12);
    });
  }
});
