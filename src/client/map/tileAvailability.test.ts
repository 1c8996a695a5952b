import { describe, expect, it } from 'vitest';
import { createTileFailureCounter, tileUrlFor } from './tileAvailability.js';

describe('tile availability helpers', () => {
  it('fills a Leaflet tile template', () => {
    expect(tileUrlFor('https://{s}.tile.example.org/{z}/{x}/{y}{r}.png', 3, 2, 1)).toBe('https://a.tile.example.org/3/2/1.png');
  });

  it('gives up once after the limit of failures in a row; a loaded tile resets the count', () => {
    const counter = createTileFailureCounter(3);
    expect([counter.failed(), counter.failed()]).toEqual([false, false]);
    counter.loaded();
    expect([counter.failed(), counter.failed(), counter.failed(), counter.failed()]).toEqual([false, false, true, false]);
  });
});
