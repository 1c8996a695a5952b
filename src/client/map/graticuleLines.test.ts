import { describe, expect, it } from 'vitest';
import { formatGraticuleLabel, graticuleLines, spacedLabels } from './graticuleLines.js';

describe('graticuleLines', () => {
  it('picks a step that puts a few lines across a street-zoom view', () => {
    const g = graticuleLines({ south: 45.31, north: 45.34, west: -79.25, east: -79.18 });
    expect(g.stepDeg).toBe(0.01);
    expect(g.lats).toEqual([45.31, 45.32, 45.33, 45.34]);
    expect(g.lons[0]).toBe(-79.25);
    expect(g.lons.length).toBe(8);
  });

  it('uses 30° lines for the whole world and stays off the poles', () => {
    const g = graticuleLines({ south: -90, north: 90, west: -180, east: 180 });
    expect(g.stepDeg).toBe(30);
    expect(g.lats).toEqual([-60, -30, 0, 30, 60]);
  });

  it('labels with hemisphere and the decimals the step needs', () => {
    expect(formatGraticuleLabel(45.33, 'lat', 0.01)).toBe('45.33° N');
    expect(formatGraticuleLabel(-79.2, 'lon', 0.1)).toBe('79.2° W');
    expect(formatGraticuleLabel(190, 'lon', 10)).toBe('170° W');
    expect(formatGraticuleLabel(0, 'lat', 30)).toBe('0°');
  });

  it('drops labels that would overprint the previous one kept', () => {
    const at = (px: number[]) => px.map((p) => ({ px: p }));
    expect(spacedLabels(at([0, 21, 42, 64, 85, 106, 128]), 60).map((l) => l.px)).toEqual([0, 64, 128]);
    expect(spacedLabels(at([0, 100, 200]), 60).map((l) => l.px)).toEqual([0, 100, 200]);
    expect(spacedLabels([], 60)).toEqual([]);
  });
});
