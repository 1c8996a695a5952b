// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CHANGE_EMAIL_NEEDED_TEXT, NotificationForm, NOTIFICATION_CONFIRM_TEXT, NOTIFICATION_UNAVAILABLE_TEXT } from './NotificationForm.js';
import { BOTH_FIELDS_MESSAGE } from './notificationFieldsProblem.js';
import { CHANGE_CONFIRM_TEXT, NOTIFICATION_OUTBOX_TEXT } from './emailDelivery.js';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(fetchImpl: (...args: Parameters<typeof fetch>) => Promise<Response> = async () => jsonResponse(500, {})) {
  const fetchMock = vi.fn(fetchImpl);
  vi.stubGlobal('fetch', fetchMock);
  const alertMock = vi.fn();
  vi.stubGlobal('alert', alertMock);
  window.alert = alertMock;
  render(<NotificationForm lngLat={[-67.3037941, -14.7111791]} />);
  return { fetchMock, alertMock };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('NotificationForm', () => {
  it('names the point it will subscribe, and refuses a point Landsat never images', () => {
    setup();
    expect(screen.getByText('-14.711179, -67.303794')).toBeTruthy();
    cleanup();
    render(<NotificationForm lngLat={[-30, 0]} notImaged="Landsat 8 and 9 do not image open ocean." />);
    expect(screen.getByText('No notification can be set up for this point: Landsat takes no scene here.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
  });

  it('starts with the cloud limit at 50% and lead times 2, 6, 12, 24 hours', () => {
    setup();
    expect(screen.getByLabelText('Cloud Coverage: 50%')).toHaveProperty('value', '50');
    const options = [...(screen.getByLabelText('Lead Time') as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    expect(options).toEqual(['2', '6', '12', '24']);
  });

  it('says so beside the form (no alert) when only the email is filled in, and sends nothing', () => {
    const { fetchMock, alertMock } = setup();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(alertMock).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Both Email and Lead Time must be filled out together.');
    expect(BOTH_FIELDS_MESSAGE).toBe('Both Email and Lead Time must be filled out together.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so when only the lead time is chosen', () => {
    const { fetchMock, alertMock } = setup();
    fireEvent.change(screen.getByLabelText('Lead Time'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(alertMock).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Both Email and Lead Time must be filled out together.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('neither alerts nor sends when both are empty', () => {
    const { fetchMock, alertMock } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(alertMock).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts both fields with the point and cloud limit, then asks to check the inbox (SMTP configured)', async () => {
    const { fetchMock, alertMock } = setup(async (url) =>
      url === '/api/config' ? jsonResponse(200, { emailDelivery: 'smtp' }) : jsonResponse(201, { id: 'n1', status: 'pending' }),
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' ada@example.org ' } });
    fireEvent.change(screen.getByLabelText('Lead Time'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Cloud Coverage: 50%'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(NOTIFICATION_CONFIRM_TEXT)).toBeTruthy();
    expect(alertMock).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/notifications');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.org', leadTime: '12', cloudCoverage: 30, lat: -14.7111791, lon: -67.3037941 });
  });

  it('change alerts: a choice with a sentence on what they do; email only; posts "watch":"change" and says what comes in words', async () => {
    const { fetchMock } = setup(async (url) =>
      url === '/api/config' ? jsonResponse(200, { emailDelivery: 'smtp' }) : jsonResponse(201, { id: 'n3', status: 'pending' }),
    );
    expect(screen.getByRole('radio', { name: 'Before each Landsat 8/9 pass, and when its scene is ready' })).toHaveProperty('checked', true);
    const change = screen.getByRole('radio', { name: 'When the land here may have changed (CCDC)' });
    expect(document.getElementById(change.getAttribute('aria-describedby')!)?.textContent).toMatch(/at most one email per\s+change, and no pass emails/);
    fireEvent.click(change);
    // Lead time and cloud limit belong to pass alerts: not asked for change alerts.
    expect(screen.queryByLabelText('Lead Time')).toBeNull();
    expect(screen.queryByLabelText(/Cloud Coverage/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('status').textContent).toBe(CHANGE_EMAIL_NEEDED_TEXT);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(CHANGE_CONFIRM_TEXT)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/notifications');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.org', leadTime: '24', cloudCoverage: 50, lat: -14.7111791, lon: -67.3037941, watch: 'change' });
  });

  it("says the confirmation went to the server's outbox when email delivery is not configured", async () => {
    setup(async (url) => (url === '/api/config' ? jsonResponse(200, { emailDelivery: 'outbox' }) : jsonResponse(201, { id: 'n2', status: 'pending' })));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.org' } });
    fireEvent.change(screen.getByLabelText('Lead Time'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(NOTIFICATION_OUTBOX_TEXT)).toBeTruthy();
    expect(screen.queryByText(NOTIFICATION_CONFIRM_TEXT)).toBeNull();
  });

  it('says plainly that the service is unavailable when the route is missing', async () => {
    setup(async () => jsonResponse(404, { error: { code: 'not_found', message: 'Route POST:/api/notifications not found' } }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.org' } });
    fireEvent.change(screen.getByLabelText('Lead Time'), { target: { value: '2' } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(NOTIFICATION_UNAVAILABLE_TEXT)).toBeTruthy();
  });

  it("shows the server's error message in words", async () => {
    setup(async () => jsonResponse(400, { error: { code: 'bad_request', message: 'email is not a valid address' } }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.org' } });
    fireEvent.change(screen.getByLabelText('Lead Time'), { target: { value: '24' } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/email is not a valid address/)).toBeTruthy();
  });
});
