import { describe, expect, it } from 'vitest';
import { redactServerPaths } from './redactServerPaths.js';

describe('redactServerPaths', () => {
  it('keeps only the file name of absolute server paths', () => {
    expect(redactServerPaths('raster not found: /srv/landsat/LC08_X/LC08_X_SR_B4.TIF')).toBe('raster not found: LC08_X_SR_B4.TIF');
    expect(redactServerPaths('/data/a.TIF is truncated or corrupt: truncated tile at 10 of /data/a.TIF')).toBe(
      'a.TIF is truncated or corrupt: truncated tile at 10 of a.TIF',
    );
    expect(redactServerPaths('source local:/work/shared/fixtures/landsat-c2-l2 (x)')).toBe('source local:landsat-c2-l2 (x)');
    expect(redactServerPaths('EACCES: open "C:\\data\\landsat.db"')).toBe('EACCES: open "landsat.db"');
  });

  it('leaves URLs, relative names and plain text alone', () => {
    const url = 'raster request failed with HTTP 403: https://example.blob.core.windows.net/landsat-c2/level-2/x_SR_B4.TIF';
    expect(redactServerPaths(url)).toBe(url);
    expect(redactServerPaths('No such resource: GET api/x')).toBe('No such resource: GET api/x');
    expect(redactServerPaths('lat must be between -90 and 90, got 91')).toBe('lat must be between -90 and 90, got 91');
    expect(redactServerPaths('1/2 of the bands')).toBe('1/2 of the bands');
    // The API's own paths, which messages name to say where to go instead, are not server files.
    expect(redactServerPaths('Ask POST /api/area/stream or POST /api/jobs')).toBe('Ask POST /api/area/stream or POST /api/jobs');
  });
});
