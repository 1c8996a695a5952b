// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { PixelResponse, PixelScene } from '../../shared/api/pixel.js';
import { accuracyWords, chosenPixelScene } from './PixelOutlines.js';

const square = { type: 'Polygon' as const, coordinates: [[[0, 1], [0, 0], [1, 0], [1, 1], [0, 1]] as [number, number][]] };
const scene = (id: string, datetime: string) => ({ id, datetime, pixelFootprints: [0, 1, 2].map(() => [square, square, square]), geometricRmseM: null }) as unknown as PixelScene;
const pixels = { scenes: [scene('old', '2019-01-01T14:00:00Z'), scene('new', '2019-03-01T14:00:00Z'), scene('mid', '2019-02-01T14:00:00Z')] } as PixelResponse;

describe('chosenPixelScene', () => {
  it('takes the scene chosen in the timeline, else the image scene, else the most recent', () => {
    expect(chosenPixelScene(pixels, 'mid', 'old')?.id).toBe('mid');
    expect(chosenPixelScene(pixels, 'not-read', 'old')?.id).toBe('old');
    expect(chosenPixelScene(pixels, null, undefined)?.id).toBe('new');
    expect(chosenPixelScene(null, 'mid', 'old')).toBeNull();
  });
});

describe('accuracyWords', () => {
  it('names GEOMETRIC_RMSE_MODEL in metres, or says the archive gives none', () => {
    expect(accuracyWords(12.102)).toBe('geolocation accuracy about 12 m (GEOMETRIC_RMSE_MODEL)');
    expect(accuracyWords(4.25)).toBe('geolocation accuracy about 4.3 m (GEOMETRIC_RMSE_MODEL)');
    expect(accuracyWords(null)).toBe('the archive gives no geolocation accuracy for this scene');
  });
});
