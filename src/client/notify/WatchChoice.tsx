import { useId } from 'react';

/** What a subscription watches (POST /api/notifications `watch`). */
export type WatchKind = 'passes' | 'change';

/**
 * What to email: the seed's pass alerts, or change alerts (CCDC). One or the other per sign-up: the
 * server keeps one watch per subscription and sends one unconfirmed confirmation per mailbox at a time,
 * so asking for both at once would leave the second unconfirmable. Radio buttons: arrow keys move between them.
 */
export function WatchChoice({ value, onChange }: { value: WatchKind; onChange: (value: WatchKind) => void }) {
  const name = useId();
  return (
    <fieldset className="watch-choice">
      <legend>What to email me</legend>
      <label>
        <input type="radio" name={name} value="passes" checked={value === 'passes'} onChange={() => onChange('passes')} /> Before each Landsat 8/9 pass, and when its scene is ready
      </label>
      <label>
        <input type="radio" name={name} value="change" checked={value === 'change'} onChange={() => onChange('change')} aria-describedby={`${name}-hint`} /> When the land here may
        have changed (CCDC)
      </label>
      <p id={`${name}-hint`} className="muted watch-choice-hint">
        After each new Landsat 8/9 scene, change detection (CCDC) tests the newest clear observations at this point against its whole record; you get at most one email per
        change, and no pass emails. For both kinds, confirm the first email, then sign up again.
      </p>
    </fieldset>
  );
}
