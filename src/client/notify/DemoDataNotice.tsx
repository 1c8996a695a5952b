export const DEMO_DATA_TEXT = 'Demo data: synthetic Landsat scenes, not real observations';

/**
 * The server marks the page it sends from its synthetic archive (`<html data-archive="synthetic">`), so
 * the notice is there in the first paint, before /api/config answers, and nothing below it moves.
 */
export const pageServedAsSynthetic = (): boolean => document.documentElement.dataset.archive === 'synthetic';

/** Shown whenever the server answers from its synthetic archive, so nobody mistakes it for real data. */
export function DemoDataNotice() {
  return (
    <p className="demo-notice" role="note">
      <strong>{DEMO_DATA_TEXT}</strong>
    </p>
  );
}
