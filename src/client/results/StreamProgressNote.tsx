import type { StreamProgress } from '../api/readNdjsonProgress.js';

/** A count as the page writes counts: 1,842. */
export const thousands = (n: number) => n.toLocaleString('en-GB');

/** "Reading scene 12 of 45..." while a streamed series arrives; a live region so it is announced. */
export function StreamProgressNote({ what, progress }: { what: string; progress: StreamProgress | null }) {
  const known = progress && progress.total !== null && progress.total > 0;
  const text = known ? `${what}: scene ${thousands(progress.done)} of ${thousands(progress.total!)}` : `${what}: finding scenes...`;
  return (
    <div className="stream-progress" role="status">
      <span>{text}</span>
      {known ? <progress max={progress.total!} value={progress.done} aria-label={what} /> : <progress aria-label={what} />}
    </div>
  );
}
