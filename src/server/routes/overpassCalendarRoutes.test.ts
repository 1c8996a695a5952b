import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/support/testApp.js';

interface Pass {
  satellite: string;
  path: number;
  row: number;
  datetime: string;
}

describe('GET /api/overpasses.ics', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ PUBLIC_URL: 'https://landsat.example.org' });
  });
  afterAll(() => app.close());

  it('is an RFC 5545 feed with one event per pass of /api/overpasses, read back with ical.js', async () => {
    const query = 'lat=-14.4&lon=-67.7&from=2019-01-01&days=96';
    const res = await app.inject(`/api/overpasses.ics?${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const passes: Pass[] = (await app.inject(`/api/overpasses?${query}`)).json().overpasses;
    expect(passes.length).toBeGreaterThan(4);

    const calendar = new ICAL.Component(ICAL.parse(res.body));
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    const events = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    expect(events).toHaveLength(passes.length);
    const uids = new Set<string>();
    events.forEach((event, i) => {
      const pass = passes[i];
      // Time in UTC, to the minute the prediction gives (ics writes whole seconds).
      expect(event.startDate.zone.tzid).toBe('UTC');
      expect(Math.abs(event.startDate.toJSDate().getTime() - new Date(pass.datetime).getTime())).toBeLessThan(1000);
      const satellite = pass.satellite.replace('landsat-', 'Landsat ');
      expect(event.summary).toBe(`${satellite} pass, path ${pass.path} row ${pass.row}`);
      expect(event.description).toContain(`path ${pass.path}, row ${pass.row}`);
      expect(event.description).toContain(`${pass.datetime.slice(11, 16)} UTC`);
      // The link opens the page at the point and the pass's day.
      const url = new URL(String(event.component.getFirstPropertyValue('url')));
      expect(url.origin).toBe('https://landsat.example.org');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ lat: '-14.400000', lon: '-67.700000', startDate: pass.datetime.slice(0, 10), endDate: pass.datetime.slice(0, 10) });
      expect(event.description).toContain(url.href);
      uids.add(event.uid);
    });
    expect(uids.size).toBe(events.length);
    // The fixture's own scene is among them: Landsat 8, path 1 row 70, 2019-01-14.
    expect(events.some((e) => e.summary === 'Landsat 8 pass, path 1 row 70' && e.startDate.toString().startsWith('2019-01-14'))).toBe(true);
  });

  it('links to the address the calendar asked when PUBLIC_URL is not set', async () => {
    const plain = await buildTestApp();
    try {
      const res = await plain.inject({ url: '/api/overpasses.ics?lat=48.85&lon=2.35&days=20', headers: { host: 'landsat.local:9000' } });
      const events = new ICAL.Component(ICAL.parse(res.body)).getAllSubcomponents('vevent');
      expect(events.length).toBeGreaterThan(0);
      expect(String(events[0].getFirstPropertyValue('url'))).toMatch(/^http:\/\/landsat\.local:9000\/\?lat=48\.850000&lon=2\.350000&/);
    } finally {
      await plain.close();
    }
  });

  it.each(['localhost:8', '[::1]:8080', '127.0.0.1:3'])('answers a feed for a Host the ics URL check refuses (%s): the link stays in each description', async (host) => {
    const plain = await buildTestApp();
    try {
      const res = await plain.inject({ url: '/api/overpasses.ics?lat=48.85&lon=2.35&days=20', headers: { host } });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const events = new ICAL.Component(ICAL.parse(res.body)).getAllSubcomponents('vevent');
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) expect(String(event.getFirstPropertyValue('description'))).toContain(`http://${host}/?lat=48.850000&lon=2.350000&`);
    } finally {
      await plain.close();
    }
  });

  it('rejects a bad point or day count with the JSON error shape', async () => {
    const res = await app.inject('/api/overpasses.ics?lat=95&lon=0');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'bad_request', message: expect.stringContaining('lat') });
    expect((await app.inject('/api/overpasses.ics?lat=0&lon=0&days=400')).statusCode).toBe(400);
  });
});
