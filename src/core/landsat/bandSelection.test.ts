import { describe, expect, it } from 'vitest';
import { displayBands, selectBands } from './bandSelection.js';

describe('band selection', () => {
  it('reports Level-1-only bands as unavailable with a reason', () => {
    const { available, unavailable } = selectBands(['B04', 'B08', 'B10']);
    expect(available.map((b) => b.asset)).toEqual(['red']);
    expect(Object.keys(unavailable)).toEqual(['B08', 'B10']);
    expect(unavailable.B08).toMatch(/Level-1/);
  });

  it('uses true colour when B04, B03 and B02 are all chosen', () => {
    expect(displayBands(selectBands(['B01', 'B02', 'B03', 'B04', 'B05']).available).map((b) => b.id)).toEqual(['B04', 'B03', 'B02']);
  });

  it('otherwise takes the first three chosen, or one band as grey', () => {
    expect(displayBands(selectBands(['B05', 'B04', 'B03', 'B06']).available).map((b) => b.id)).toEqual(['B05', 'B04', 'B03']);
    expect(displayBands(selectBands(['B09']).available).map((b) => b.id)).toEqual(['B09']);
  });
});
