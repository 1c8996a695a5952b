import type { StreamProgress } from '../api/readNdjsonProgress.js';

/** "Reading scene 12 of 45..." while a streamed series arrives; a live region so it is announced. */
export function StreamProgressNote({ what, progress }: { what: string; progress: StreamProgress | null }) {
  const known = progress && progress.total !== null && progress.total > 0;
  const text = known ? `${what}: scene ${progress.done} of ${progress.total}` : `${what}: finding scenes...`;
  return (
    <div className="stream-progress" role="status">
      <span>{text}</span>
      {known ? <progress max={progress.total!} value={progress.done} aria-label={what} /> : <progress aria-label={what} />}
    </div>
  );
}
