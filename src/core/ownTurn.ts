/**
 * One turn of the event loop each: `await ownTurn()` resolves its callers one per turn, in the order
 * they asked. `await new Promise(setImmediate)` does not spread work out: every immediate queued
 * before a turn's check phase runs in that phase, so 32 scenes of four streams that each waited for
 * "a turn of their own" all ran in the same turn and held /api/health for hundreds of milliseconds
 * (issue 27, CPU profile of `npx tsx scripts/loadStreams.ts`). Here one caller resumes per turn; the
 * next resumes on the next turn, after the I/O (health requests among it) that arrived meanwhile. A
 * turn is short when there is nothing else to do, so an idle server loses next to nothing.
 */
const waiting: (() => void)[] = [];
let scheduled = false;

function resumeOne(): void {
  const next = waiting.shift();
  if (waiting.length > 0) setImmediate(resumeOne);
  else scheduled = false;
  next?.();
}

export function ownTurn(): Promise<void> {
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(resumeOne);
    }
  });
}
