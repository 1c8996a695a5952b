import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/support/testApp.js';

/** Every route of the app as "METHOD /path", read from Fastify's own route tree (not from the docs). */
function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    const path = (depth > 0 ? stack[depth - 1] : '') + match[2];
    stack[depth] = path;
    for (const method of match[3].split(', ')) routes.push(`${method} ${path}`);
  }
  return routes;
}

describe('/api/docs documents every answer', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  it('lists a response schema (JSON or media type) for the success status of every /api route', async () => {
    const doc = (await app.inject('/api/docs')).json();
    const apiRoutes = registeredRoutes(app).filter((r) => r.includes(' /api/') && !r.startsWith('HEAD ') && r !== 'GET /api/docs');
    // The route tree holds the calls the README lists: a broken parse would make this test pass on nothing.
    expect(apiRoutes).toEqual(expect.arrayContaining(['GET /api/pixel', 'GET /api/landsatData/stream', 'POST /api/area.csv', 'GET /api/jobs/:id/result.csv', 'GET /api/overpasses.ics', 'GET /api/metrics']));
    expect(apiRoutes.length).toBeGreaterThanOrEqual(30);
    const undocumented = apiRoutes.filter((route) => {
      const [method, path] = route.split(' ');
      const operation = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      const success = Object.entries<{ content?: Record<string, { schema?: object }> }>(operation?.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      return success.length === 0 || success.some(([, answer]) => Object.values(answer.content ?? {}).filter((c) => c.schema).length === 0);
    });
    expect(undocumented).toEqual([]);
  });

  it('describes the keys of the JSON answers, extensions included', async () => {
    const doc = (await app.inject('/api/docs')).json();
    const jsonSchema = (path: string) => doc.paths[path].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(jsonSchema('/api/pixel').properties)).toEqual(expect.arrayContaining(['target', 'scenes', 'mask', 'truncated', 'limit', 'coveredStartDate', 'unavailableBands', 'synthetic', 'explanation']));
    expect(Object.keys(jsonSchema('/api/landsatData').properties)).toEqual(expect.arrayContaining(['data', 'truncated', 'limit', 'sceneFilter', 'explanation']));
    expect(Object.keys(jsonSchema('/api/landsatData').properties.data.items.properties)).toEqual(expect.arrayContaining(['interval', 'scene', 'outputs', 'grid', 'missingBands']));
  });
});
