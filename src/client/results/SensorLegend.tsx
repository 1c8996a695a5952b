import { SENSOR_MARKERS, type SensorKey } from './sensorMarkers.js';

/** Which shape and colour stand for which instrument in the chart above it. */
export function SensorLegend({ sensors }: { sensors: readonly SensorKey[] }) {
  if (sensors.length === 0) return null;
  return (
    <ul className="sensor-legend" aria-label="Point markers by sensor">
      {sensors.map((s) => (
        <li key={s} data-sensor={s}>
          <span aria-hidden="true" style={{ color: SENSOR_MARKERS[s].color }}>
            {SENSOR_MARKERS[s].glyph}
          </span>{' '}
          {SENSOR_MARKERS[s].label}
        </li>
      ))}
    </ul>
  );
}
