import type { StreamProgress } from '../api/readNdjsonProgress.js';

/** A count as the page writes counts: 1,842. */
export const thousands = (n: number) => n.toLocaleString('en-GB');

/** What a stream says before its scenes are known: how far the search is, when the server says so (below 100 % cloud). */
export function searchingText(what: string, progress: StreamProgress | null): string {
  const searched = progress?.searched;
  return searched ? `${what}: finding scenes, cloud cover checked for ${thousands(searched.checked)} of ${thousands(searched.candidates)} candidates...` : `${what}: finding scenes...`;
}

/** "Reading scene 12 of 45..." while a streamed series arrives; a live region so it is announced. */
export function StreamProgressNote({ what, progress }: { what: string; progress: StreamProgress | null }) {
  const known = progress && progress.total !== null && progress.total > 0;
  const searched = !known && progress?.searched;
  const text = known ? `${what}: scene ${thousands(progress.done)} of ${thousands(progress.total!)}` : searchingText(what, progress);
  return (
    <div className="stream-progress" role="status">
      <span>{text}</span>
      {known ? (
        <progress max={progress.total!} value={progress.done} aria-label={what} />
      ) : searched ? (
        <progress max={searched.candidates} value={searched.checked} aria-label={`${what}: finding scenes`} />
      ) : (
        <progress aria-label={what} />
      )}
    </div>
  );
}
