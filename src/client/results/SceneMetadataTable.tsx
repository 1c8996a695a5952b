import { satelliteWithSlc } from './satelliteWords.js';
import type { PixelScene } from '../../shared/api/pixel.js';

type SceneMetadata = Pick<
  PixelScene,
  'id' | 'satellite' | 'datetime' | 'wrsPath' | 'wrsRow' | 'cloudCover' | 'landCloudCover' | 'sunElevation' | 'sunAzimuth' | 'processingLevel' | 'collectionCategory'
>;


const orDash = (v: string | number | null | undefined, suffix = '') => (v === null || v === undefined || v === '' ? '—' : `${v}${suffix}`);
const fixed = (v: number | null | undefined, digits: number, suffix: string) => (v === null || v === undefined ? '—' : `${v.toFixed(digits)}${suffix}`);

/** "2024-05-01 15:50:12 UTC": ground teams log UTC, so show it rather than the browser's zone. */
export function formatUtc(datetime: string): string {
  const d = new Date(datetime);
  return Number.isNaN(d.getTime()) ? datetime : `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** What a ground comparison needs to know about each scene used, one row per scene. */
export function SceneMetadataTable({ scenes, caption = 'Scenes used' }: { scenes: readonly SceneMetadata[]; caption?: string }) {
  return (
    <div className="table-scroll">
      <table className="scene-metadata">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Acquired (UTC)</th>
            <th scope="col">Satellite</th>
            <th scope="col">WRS-2 path/row</th>
            <th scope="col">Cloud cover, scene</th>
            <th scope="col">Cloud cover, land</th>
            <th scope="col">Sun elevation</th>
            <th scope="col">Sun azimuth</th>
            <th scope="col">Processing level</th>
            <th scope="col">Collection category</th>
            <th scope="col">Scene id</th>
          </tr>
        </thead>
        <tbody>
          {scenes.map((s) => (
            <tr key={s.id}>
              <th scope="row">{formatUtc(s.datetime)}</th>
              <td>{satelliteWithSlc(s)}</td>
              <td>
                {String(s.wrsPath).padStart(3, '0')}/{String(s.wrsRow).padStart(3, '0')}
              </td>
              <td>{fixed(s.cloudCover, 2, ' %')}</td>
              <td>{fixed(s.landCloudCover, 2, ' %')}</td>
              <td>{fixed(s.sunElevation, 2, '°')}</td>
              <td>{fixed(s.sunAzimuth, 2, '°')}</td>
              <td>{orDash(s.processingLevel)}</td>
              <td>{orDash(s.collectionCategory)}</td>
              <td className="scene-id">{s.id}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
