import { describe, expect, it } from 'vitest';
import { samplePixelResponse } from '../../../test/support/samplePixelResponse.js';
import { sceneLabel, spectralSignatureDatasets } from './spectralSignatureDatasets.js';

describe('spectralSignatureDatasets', () => {
  const response = samplePixelResponse();

  it('gives one dataset per scene, reflectance bands only, sorted by centre wavelength', () => {
    const sets = spectralSignatureDatasets(response);
    expect(sets.map((s) => s.sceneId)).toEqual(response.scenes.map((s) => s.id));
    // B09 (kelvin) is left out; B01, B02, B04 come in wavelength order whatever the object order.
    expect(sets[0].data.map((p) => p.band)).toEqual(['B01', 'B02', 'B04']);
    expect(sets[0].data.map((p) => p.x)).toEqual([0.443, 0.482, 0.655]);
  });

  it('uses the target (centre) pixel: B04 7663 DN is 0.0107325 reflectance', () => {
    const [first] = spectralSignatureDatasets(response);
    expect(first.data.find((p) => p.band === 'B04')!.y).toBeCloseTo(7663 * 0.0000275 - 0.2, 12);
    expect(first.data.find((p) => p.band === 'B04')!.y).toBeCloseTo(0.0107325, 12);
  });

  it('follows the picked scenes and their order, and skips fill', () => {
    const picked = spectralSignatureDatasets(response, [response.scenes[1].id, 'missing']);
    expect(picked).toHaveLength(1);
    expect(picked[0].sceneId).toBe(response.scenes[1].id);
    const withFill = structuredClone(response);
    withFill.scenes[0].bands.B02.values[1][1] = null;
    expect(spectralSignatureDatasets(withFill)[0].data.map((p) => p.band)).toEqual(['B01', 'B04']);
  });

  it('labels scenes with UTC date, time and satellite', () => {
    expect(sceneLabel({ datetime: '2019-01-14T14:33:50.123Z', satellite: 'landsat-8' })).toBe('2019-01-14 14:33 UTC · landsat-8');
  });
});
