import { describe, expect, it } from 'vitest';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { pixelResponseSchema, pixelSceneSchema } from '../shared/api/pixel.js';
import { samplePixelResponse } from '../../test/support/samplePixelResponse.js';
import { seriesSerializer } from './seriesSerializer.js';

const route = { schema: pixelResponseSchema, method: 'GET', url: '/api/pixel', httpStatus: '200' };
/** The serialiser every other route uses (zod's encode of the whole answer, then JSON.stringify): the bytes to equal. */
const reference = serializerCompiler(route);

describe('seriesSerializer', () => {
  it('writes the same bytes as the zod serialiser, key order and extension keys included', () => {
    const answer = samplePixelResponse();
    // The sample lists landCloudCover before sunElevation, the schema after: zod's order is the schema's.
    expect(Object.keys(answer.scenes[0]).indexOf('landCloudCover')).toBeLessThan(Object.keys(answer.scenes[0]).indexOf('sunElevation'));
    const withExtensions = { ...answer, newKey: { note: 'an extension the schema does not name yet' }, scenes: answer.scenes.map((s) => ({ ...s, sceneExtra: [1, null] })) };
    const serialize = seriesSerializer('scenes', pixelSceneSchema)(route);
    for (const data of [answer, withExtensions, { ...answer, scenes: [] }]) expect(serialize(data)).toBe(reference(data));
  });

  it("writes each scene object once: the same object's JSON is reused in the next answer", () => {
    const answer = samplePixelResponse();
    const serialize = seriesSerializer('scenes', pixelSceneSchema)(route);
    const first = serialize(answer);
    // Parts are never changed once handed out (pixelSceneMemo.ts); changing one here shows the JSON was kept.
    answer.scenes[0].cloudCover = 1;
    expect(serialize(answer)).toBe(first);
    expect(serialize({ ...answer, scenes: answer.scenes.map((s) => ({ ...s })) })).not.toBe(first);
  });

  it('refuses a scene or an envelope that breaks the schema, as the zod serialiser does', () => {
    const serialize = seriesSerializer('scenes', pixelSceneSchema)(route);
    const answer = samplePixelResponse();
    expect(() => serialize({ ...answer, scenes: [{ ...answer.scenes[0], crs: 32619 }] })).toThrow(/doesn't match the schema/);
    expect(() => reference({ ...answer, scenes: [{ ...answer.scenes[0], crs: 32619 }] })).toThrow(/doesn't match the schema/);
    expect(() => serialize({ ...answer, truncated: 'no' })).toThrow(/doesn't match the schema/);
    expect(() => serialize({ ...answer, scenes: undefined })).toThrow(/doesn't match the schema/);
  });
});
