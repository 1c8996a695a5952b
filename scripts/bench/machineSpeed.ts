/**
 * The machine's speed at the time of a bench: the same single-threaded arithmetic, timed in a fresh
 * Node.js process after its compiler has settled. Printed beside the figures so that a slow figure on a
 * slow minute shows as such; it corrects nothing. Not a figure of the product.
 *
 * Why a child process and warm-up rounds: timed in the bench's own process (the fifteenth round's
 * probe), the same loop took ~220 ms in a fresh script and 629-758 ms inside the first-minute bench with
 * the other core idle (top: the bench at 100 % of one core, nothing else busy). In a fresh process the
 * first two timings are ~590-810 ms too (on-stack-replaced code, before V8 optimises the function whole)
 * and the later ones ~220 ms; that the bench's process kept the slow code is inferred, not traced. Either
 * way that probe measured the loop's state in V8 as much as the host, and the fifteenth round's "the
 * machine's speed moved ~3x" rested on it (docs/performance.md, sixteenth round).
 */
import { execFileSync } from 'node:child_process';

const WARM_UP_ROUNDS = 3;
const TIMED_ROUNDS = 5;

/** Run by `node -e`: the loop, warm-up rounds untimed, then each timed round's wall ms as JSON. */
const PROBE_SCRIPT = `
const WORK = 1 << 16;
const REPEATS = 3000;
function arithmetic() {
  const a = new Float64Array(WORK);
  let sum = 0;
  for (let r = 0; r < REPEATS; r++) {
    for (let i = 0; i < WORK; i++) {
      a[i] = a[i] * 0.5 + i;
      sum += a[i];
    }
  }
  // The sum is used, so the loop is not dropped as dead code.
  if (!Number.isFinite(sum)) throw new Error('the speed probe overflowed');
}
for (let i = 0; i < ${WARM_UP_ROUNDS}; i++) arithmetic();
const timings = [];
for (let i = 0; i < ${TIMED_ROUNDS}; i++) {
  const t0 = process.hrtime.bigint();
  arithmetic();
  timings.push(Number(process.hrtime.bigint() - t0) / 1e6);
}
process.stdout.write(JSON.stringify(timings));
`;

/** What the benches print beside the probe's figures. */
const MACHINE_SPEED_WHAT =
  "the same single-threaded arithmetic timed 5 times in a fresh Node.js process after 3 untimed rounds, just before each run; the median wall ms per run in the runs' order (~220 ms on the 2-core machine of the sixteenth round when nothing else ran; scripts/bench/machineSpeed.ts): lower is a faster minute";

/** The median wall time of five timings of the same arithmetic in a fresh process, ms. */
export function probeMachineSpeedMs(): number {
  const out = execFileSync(process.execPath, ['-e', PROBE_SCRIPT], { encoding: 'utf8' });
  const walls = (JSON.parse(out) as number[]).sort((x, y) => x - y);
  return Math.round(walls[Math.floor(walls.length / 2)]);
}

/** The `machineSpeed` field of a bench's JSON: the probe's readings, one per run in the runs' order, and what they are. */
export function machineSpeedReport(probeMsPerRun: number[]): { probeMsPerRun: number[]; what: string } {
  return { probeMsPerRun, what: MACHINE_SPEED_WHAT };
}
