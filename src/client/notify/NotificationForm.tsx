import { useState, type FormEvent } from 'react';
import { LEAD_TIME_HOURS } from '../../shared/defaults.js';
import type { LngLat } from '../../core/geo/lngLat.js';
import { subscribeToOverpasses } from '../api/notificationsApi.js';
import { ApiRequestError } from '../api/ApiRequestError.js';
import { notificationFieldsProblem } from './notificationFieldsProblem.js';
import { NOTIFICATION_CONFIRM_TEXT, readEmailDelivery, subscribedText } from './emailDelivery.js';

export { NOTIFICATION_CONFIRM_TEXT };
export const NOTIFICATION_UNAVAILABLE_TEXT = 'The notification service is unavailable on this server, so no notification was set up.';

/** Seed default for the notification form's cloud limit. */
const DEFAULT_NOTIFY_CLOUD = 50;

type Outcome = { kind: 'ok' | 'error' | 'info'; text: string } | null;

/** Email + lead time sign-up for an e-mail before the next pass (POST /api/notifications). */
export function NotificationForm({ lngLat, notImaged = null }: { lngLat: LngLat; /** Why Landsat never images this point (then nothing can be subscribed). */ notImaged?: string | null }) {
  const [email, setEmail] = useState('');
  const [leadTime, setLeadTime] = useState('');
  const [cloudCoverage, setCloudCoverage] = useState(DEFAULT_NOTIFY_CLOUD);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
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
    setSending(true);
    setOutcome(null);
    try {
      await subscribeToOverpasses({ email: email.trim(), leadTime, cloudCoverage, lat: lngLat[1], lon: lngLat[0] });
      // Say what really happened to the confirmation email: sent, or only written to the server's outbox.
      const delivery = await readEmailDelivery();
      setOutcome({ kind: delivery === 'smtp' ? 'ok' : 'info', text: subscribedText(delivery) });
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
    <form className="notification-form" onSubmit={submit} noValidate aria-label="Pass notification">
      <p className="notify-point">
        For the point <strong>{lngLat[1].toFixed(6)}, {lngLat[0].toFixed(6)}</strong>
      </p>
      {notImaged && <p className="form-message info">No notification can be set up for this point: Landsat takes no scene here.</p>}
      <div className="field">
        <label htmlFor="notify-email">Email</label>
        <input id="notify-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
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
      <button type="submit" className="primary-button" disabled={sending || Boolean(notImaged)}>
        Submit
      </button>
      <p className={outcome?.kind === 'error' ? 'field-error' : outcome?.kind === 'info' ? 'form-message info' : 'form-message'} role="status">
        {outcome?.text ?? ''}
      </p>
    </form>
  );
}
