import type { LatestClearState } from './useChosenScene.js';

/** "Show the latest clear scene": the most recent scene whose target pixel is clear, for the image and 3 x 3. */
export function LatestClearChoice({ state, onFind }: { state: LatestClearState; onFind: () => void }) {
  return (
    <p className="latest-clear">
      <button type="button" className="secondary-button" disabled={state.kind === 'searching'} onClick={onFind}>
        {state.kind === 'searching' ? 'Looking for the latest clear scene…' : 'Show the latest clear scene'}
      </button>{' '}
      <span role="status" className={state.kind === 'failed' ? 'field-error' : 'muted'}>
        {state.kind === 'none'
          ? 'No scene in the date range has a clear target pixel: widen the dates or the cloud limit.'
          : state.kind === 'failed'
            ? state.message
            : 'The most recent scene whose target pixel is clear under the mask (from each scene’s QA_PIXEL at the point).'}
      </span>
    </p>
  );
}
