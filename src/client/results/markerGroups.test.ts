import { describe, expect, it } from 'vitest';
import { CLOUDY_GREY, markerGroups } from './markerGroups.js';
import { SENSOR_MARKERS } from './sensorMarkers.js';

describe('marker groups', () => {
  // Landsat 7's scan line corrector failed on 2003-05-31: later ETM+ scenes are SLC-off (hollow).
  const cases = [
    { name: 'TM, clear', point: { satellite: 'landsat-5', datetime: '1990-06-01T15:00:00Z', cloudy: false }, look: ['triangle', SENSOR_MARKERS.TM.color, SENSOR_MARKERS.TM.color] },
    { name: 'TM, cloudy', point: { satellite: 'landsat-5', datetime: '1990-06-17T15:00:00Z', cloudy: true }, look: ['triangle', CLOUDY_GREY, CLOUDY_GREY] },
    { name: 'ETM+ before the SLC failure', point: { satellite: 'landsat-7', datetime: '2003-05-30T15:00:00Z', cloudy: false }, look: ['rect', SENSOR_MARKERS['ETM+'].color, SENSOR_MARKERS['ETM+'].color] },
    { name: 'ETM+ SLC-off', point: { satellite: 'landsat-7', datetime: '2010-05-30T15:00:00Z', cloudy: false }, look: ['rect', SENSOR_MARKERS['ETM+'].color, '#ffffff'] },
    { name: 'ETM+ SLC-off, cloudy', point: { satellite: 'landsat-7', datetime: '2010-06-15T15:00:00Z', cloudy: true }, look: ['rect', CLOUDY_GREY, '#ffffff'] },
    { name: 'OLI', point: { sensor: 'OLI/TIRS', satellite: 'landsat-9', datetime: '2024-05-30T15:00:00Z', cloudy: false }, look: ['circle', SENSOR_MARKERS['OLI/TIRS'].color, SENSOR_MARKERS['OLI/TIRS'].color] },
  ];

  it.each(cases)('draws $name as its look', ({ point, look }) => {
    const [group] = markerGroups([point]);
    expect([group.pointStyle, group.borderColor, group.backgroundColor]).toEqual(look);
  });

  it('puts every point in exactly one group, in the points order within it', () => {
    const points = [...cases.map((c) => c.point), { ...cases[0].point, datetime: '1991-01-01T15:00:00Z' }];
    const groups = markerGroups(points);
    expect(groups).toHaveLength(cases.length);
    expect(groups.flatMap((g) => g.points)).toHaveLength(points.length);
    expect(groups[0].points).toEqual([points[0], points[points.length - 1]]);
  });
});
