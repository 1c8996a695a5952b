/**
 * The machine's speed at the time of a bench: the same single-threaded arithmetic timed five times.
 * On this project's 2-core virtual machines the same work took 297-555 ms within one minute and
 * 268-909 ms within an hour with nothing else running (the host's other guests), and a bench's figures
 * move with it: the same code's 40-year journey took 5.6 s one evening and 5.7-8.7 s that night. Timed
 * before each run and printed beside the figures, so that a slow figure on a slow minute shows as such.
 * It marks slow minutes; it corrects nothing (one run's probe did not predict that run). Not a figure of
 * the product.
 */
const ROUNDS = 5;
const WORK = 1 << 16;
const REPEATS = 3000;

function timedArithmeticMs(): number {
  const a = new Float64Array(WORK);
  let sum = 0;
  const t = process.hrtime.bigint();
  for (let r = 0; r < REPEATS; r++) {
    for (let i = 0; i < WORK; i++) {
      a[i] = a[i] * 0.5 + i;
      sum += a[i];
    }
  }
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  // The sum is used, so the loop is not dropped as dead code.
  if (!Number.isFinite(sum)) throw new Error('the speed probe overflowed');
  return ms;
}

/** What the benches print beside the probe's figures. */
export const MACHINE_SPEED_WHAT =
  'the same single-threaded arithmetic (~0.3 s on a fast minute) timed 5 times in the bench process just before each run, the median per run in the runs\' order (scripts/bench/machineSpeed.ts): lower is a faster minute';

/** The median of five timings of the same arithmetic, ms. */
export function probeMachineSpeedMs(): number {
  const runs = Array.from({ length: ROUNDS }, timedArithmeticMs).sort((x, y) => x - y);
  return Math.round(runs[Math.floor(ROUNDS / 2)]);
}
