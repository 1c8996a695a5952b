export const DEMO_DATA_TEXT = 'Demo data: synthetic Landsat scenes, not real observations';

/** Shown whenever the server answers from its synthetic archive, so nobody mistakes it for real data. */
export function DemoDataNotice() {
  return (
    <p className="demo-notice" role="note">
      <strong>{DEMO_DATA_TEXT}</strong>
    </p>
  );
}
