import type { ReactNode } from 'react';
import { BAND_CATALOG, BAND_IDS, isBandId } from '../../core/bands/bandCatalog.js';
import type { PixelScene } from '../../shared/api/pixel.js';
import type { QaFlags } from '../../core/raster/qaFlags.js';
import { formatPhysical } from './formatPhysical.js';
import { isClearAt, qaFlagWords } from './qaFlagWords.js';
import { TARGET_INDEX } from './spectralSignatureDatasets.js';

// Rows come north to south and columns west to east (the server's grid order).
const ROW_NAMES = ['North', 'Centre', 'South'];
const COL_NAMES = ['West', 'Centre', 'East'];

const isTarget = (r: number, c: number) => r === TARGET_INDEX && c === TARGET_INDEX;

function GridTable({ caption, cell }: { caption: ReactNode; cell: (r: number, c: number) => ReactNode }) {
  return (
    <table className="pixel-grid">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <td />
          {COL_NAMES.map((name) => (
            <th key={name} scope="col">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {ROW_NAMES.map((rowName, r) => (
          <tr key={rowName}>
            <th scope="row">{rowName}</th>
            {COL_NAMES.map((colName, c) => (
              <td key={colName} className={isTarget(r, c) ? 'pixel-target' : undefined} data-target={isTarget(r, c) ? 'true' : undefined}>
                {isTarget(r, c) && <span className="target-mark">Target pixel: </span>}
                {cell(r, c)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function QaText({ flags, clear }: { flags: QaFlags | null | undefined; clear: boolean }) {
  return <span className={clear ? 'qa-clear' : 'qa-warning'}>{qaFlagWords(flags).join(', ')}</span>;
}

/**
 * The 3 x 3 pixels around the target in one scene: a QA table saying plainly which pixels are
 * clear, cloud, shadow, cirrus, snow, water or fill, then one table per band in physical units
 * with the DN beside each value. Pixels that are not clear say why in the value cell too, so a
 * value copied from the table is never silently a cloud.
 */
export function PixelGridTable({ scene }: { scene: PixelScene }) {
  const flagsAt = (r: number, c: number) => scene.qa.flags[r]?.[c];
  const bandIds = Object.keys(scene.bands).sort(
    (a, b) => (isBandId(a) ? BAND_IDS.indexOf(a) : 99) - (isBandId(b) ? BAND_IDS.indexOf(b) : 99),
  );
  return (
    <div className="pixel-grids">
      <GridTable
        caption={`QA flags (QA_PIXEL) of the 3 x 3 pixels, scene ${scene.id}`}
        cell={(r, c) => (
          <>
            <QaText flags={flagsAt(r, c)} clear={isClearAt(scene, r, c)} />
            {scene.qa.values[r]?.[c] != null && <span className="pixel-dn"> (QA {scene.qa.values[r][c]})</span>}
          </>
        )}
      />
      {bandIds.map((bandId) => {
        const band = scene.bands[bandId];
        const label = isBandId(bandId) ? BAND_CATALOG[bandId].label : bandId;
        return (
          <GridTable
            key={bandId}
            caption={`${bandId} ${label}: ${band.unit === 'kelvin' ? 'surface temperature, kelvin' : 'surface reflectance'}`}
            cell={(r, c) => {
              const dn = band.dn[r]?.[c];
              const flags = flagsAt(r, c);
              return (
                <>
                  <span className="pixel-value">{formatPhysical(band.values[r]?.[c], band.unit)}</span>
                  {dn != null && <span className="pixel-dn"> DN {dn}</span>}
                  {!isClearAt(scene, r, c) && (
                    <>
                      {' '}
                      <QaText flags={flags} clear={false} />
                    </>
                  )}
                </>
              );
            }}
          />
        );
      })}
    </div>
  );
}
