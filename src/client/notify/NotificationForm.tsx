import { useState, type FormEvent } from 'react';
import { LEAD_TIME_HOURS } from '../../shared/defaults.js';
import type { LngLat } from '../../core/geo/lngLat.js';
import { subscribeToOverpasses } from '../api/notificationsApi.js';
import { ApiRequestError } from '../api/ApiRequestError.js';
import { notificationFieldsProblem } from './notificationFieldsProblem.js';
import { readEmailDelivery, subscribedText, NOTIFICATION_CONFIRM_TEXT } from './emailDelivery.js';
import { WatchChoice, type WatchKind } from './WatchChoice.js';

export { NOTIFICATION_CONFIRM_TEXT };
export const NOTIFICATION_UNAVAILABLE_TEXT = 'The notification service is unavailable on this server, so no notification was set up.';

/** Seed default for the notification form's cloud limit. */
const DEFAULT_NOTIFY_CLOUD = 50;
/** The contract asks every subscription for a lead time; change alerts do not use it (they follow the scenes, not the passes). */
const CHANGE_LEAD_TIME = '24';
export const CHANGE_EMAIL_NEEDED_TEXT = 'Fill in Email to be told when the land here may have changed.';

type Outcome = { kind: 'ok' | 'error' | 'info'; text: string } | null;

/**
 * Email + lead time sign-up for an e-mail before the next pass (POST /api/notifications), or, chosen
 * instead, for change alerts at the point (`"watch":"change"`: email only; lead time and cloud limit do not apply).
 */
export function NotificationForm({ lngLat, notImaged = null }: { lngLat: LngLat; /** Why Landsat never images this point (then nothing can be subscribed). */ notImaged?: string | null }) {
  const [email, setEmail] = useState('');
  const [leadTime, setLeadTime] = useState('');
  const [cloudCoverage, setCloudCoverage] = useState(DEFAULT_NOTIFY_CLOUD);
  const [watch, setWatch] = useState<WatchKind>('passes');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (watch === 'change') {
      if (email.trim() === '') return setOutcome({ kind: 'info', text: CHANGE_EMAIL_NEEDED_TEXT });
      return send({ email: email.trim(), leadTime: leadTime || CHANGE_LEAD_TIME, cloudCoverage, lat: lngLat[1], lon: lngLat[0], watch: 'change' });
    }
    const problem = notificationFieldsProblem(email, leadTime);
    if (problem === 'empty') {
      console.log('Notification form submitted empty:', { email, leadTime, cloudCoverage });
      setOutcome({ kind: 'info', text: 'Fill in Email and Lead Time to be notified before the next pass.' });
      return;
    }
    if (problem) {
      // The seed's words, said beside the form rather than in a blocking alert().
      setOutcome({ kind: 'error', text: problem });
      return;
    }
    await send({ email: email.trim(), leadTime, cloudCoverage, lat: lngLat[1], lon: lngLat[0] });
  };

  const send = async (body: Parameters<typeof subscribeToOverpasses>[0]) => {
    setSending(true);
    setOutcome(null);
    try {
      await subscribeToOverpasses(body);
      // Say what really happened to the confirmation email: sent, or only written to the server's outbox.
      const delivery = await readEmailDelivery();
      setOutcome({ kind: delivery === 'smtp' ? 'ok' : 'info', text: subscribedText(delivery, body.watch) });
    } catch (err) {
      console.error('Notification request failed:', err);
      const routeMissing = err instanceof ApiRequestError && err.status === 404 && (err.code === 'not_found' || err.code === 'http_404');
      setOutcome({
        kind: 'error',
        text: routeMissing ? NOTIFICATION_UNAVAILABLE_TEXT : `The notification could not be set up: ${(err as Error).message}`,
      });
    } finally {
      setSending(false);
    }
  };

  return (
    // noValidate: the seed's own rule (both or neither) decides, not the browser's bubbles.
    <form className="notification-form" onSubmit={submit} noValidate aria-label="Notification sign-up">
      <p className="notify-point">
        For the point <strong>{lngLat[1].toFixed(6)}, {lngLat[0].toFixed(6)}</strong>
      </p>
      {notImaged && <p className="form-message info">No notification can be set up for this point: Landsat takes no scene here.</p>}
      <div className="field">
        <label htmlFor="notify-email">Email</label>
        <input id="notify-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <WatchChoice value={watch} onChange={setWatch} />
      {watch === 'passes' && (
        <>
          <div className="field">
            <label htmlFor="notify-lead-time">Lead Time</label>
            <select id="notify-lead-time" value={leadTime} onChange={(e) => setLeadTime(e.target.value)}>
              <option value="">Choose...</option>
              {LEAD_TIME_HOURS.map((hours) => (
                <option key={hours} value={hours}>
                  {hours} hours
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="notify-cloud">Cloud Coverage: {cloudCoverage}%</label>
            <input id="notify-cloud" type="range" min={0} max={100} step={1} value={cloudCoverage} onChange={(e) => setCloudCoverage(Number(e.target.value))} />
          </div>
        </>
      )}
      <button type="submit" className="primary-button" disabled={sending || Boolean(notImaged)}>
        Submit
      </button>
      <p className={outcome?.kind === 'error' ? 'field-error' : outcome?.kind === 'info' ? 'form-message info' : 'form-message'} role="status">
        {outcome?.text ?? ''}
      </p>
    </form>
  );
}
