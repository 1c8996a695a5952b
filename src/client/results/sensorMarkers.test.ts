import { describe, expect, it } from 'vitest';
import { SENSOR_MARKERS, sensorKeyOf, sensorsPresent } from './sensorMarkers.js';

describe('sensor markers', () => {
  it('tells the sensors apart by shape and by colour', () => {
    const markers = Object.values(SENSOR_MARKERS);
    expect(new Set(markers.map((m) => m.pointStyle)).size).toBe(3);
    expect(new Set(markers.map((m) => m.color)).size).toBe(3);
  });

  it('takes the sensor the answer names, else the satellite', () => {
    expect(sensorKeyOf({ sensor: 'ETM+', satellite: 'landsat-7' })).toBe('ETM+');
    expect(sensorKeyOf({ satellite: 'landsat-5' })).toBe('TM');
    expect(sensorKeyOf({ satellite: 'landsat-9' })).toBe('OLI/TIRS');
    expect(sensorsPresent([{ satellite: 'landsat-9' }, { sensor: 'TM' }, { satellite: 'landsat-8' }])).toEqual(['TM', 'OLI/TIRS']);
  });
});
