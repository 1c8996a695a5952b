import { useEffect, useId, useState } from 'react';
import type { PixelResponse } from '../../shared/api/pixel.js';
import { PixelGridTable } from './PixelGridTable.js';
import { SceneMetadataTable } from '../results/SceneMetadataTable.js';
import { SpectralSignatureChart } from './SpectralSignatureChart.js';
import { IndicesChart } from './IndicesChart.js';
import { sceneLabel } from './spectralSignatureDatasets.js';
import { describeEmptyAnswer } from '../results/describeEmptyAnswer.js';

/**
 * Everything a ground-versus-Landsat comparison needs from /api/pixel: the scenes used, the 3 x 3
 * grid (values, DN, QA) of a picked scene, and the target's spectral signature.
 */
export function PixelAnalysis({ pixels, selectedSceneId }: { pixels: PixelResponse; selectedSceneId?: string | null }) {
  const selectId = useId();
  const newest = pixels.scenes[pixels.scenes.length - 1]?.id ?? '';
  const [gridSceneId, setGridSceneId] = useState(newest);
  // A new answer brings new scenes: start again from its most recent one.
  useEffect(() => setGridSceneId(newest), [pixels, newest]);
  // A scene chosen in the timeline shows its grid here when the series holds it.
  useEffect(() => {
    if (selectedSceneId && pixels.scenes.some((s) => s.id === selectedSceneId)) setGridSceneId(selectedSceneId);
  }, [selectedSceneId, pixels]);
  const gridScene = pixels.scenes.find((s) => s.id === gridSceneId) ?? pixels.scenes[pixels.scenes.length - 1];

  if (pixels.scenes.length === 0) {
    return (
      <section className="pixel-analysis" aria-label="Pixel values at the point">
        <h3>Pixel values at the point</h3>
        <p className="muted">{pixels.explanation ? describeEmptyAnswer(pixels.explanation) : 'No scene in the date range and under the cloud limit covers this point.'}</p>
      </section>
    );
  }

  return (
    <section className="pixel-analysis" aria-label="Pixel values at the point">
      <h3>
        Pixel values at {pixels.target.lat.toFixed(6)}, {pixels.target.lon.toFixed(6)}
      </h3>
      {pixels.truncated && (
        <p className="muted">
          More than {pixels.limit} scenes qualify: the newest {pixels.scenes.length} are included, from {pixels.coveredStartDate ?? '?'} to {pixels.coveredEndDate ?? '?'}. End the
          date range before {pixels.coveredStartDate ?? 'that'} to see the older ones.
        </p>
      )}
      <SceneMetadataTable scenes={pixels.scenes} />
      <div className="grid-scene-picker">
        <label htmlFor={selectId}>Scene for the 3 x 3 grid</label>
        <select id={selectId} value={gridScene.id} onChange={(e) => setGridSceneId(e.target.value)}>
          {pixels.scenes.map((s) => (
            <option key={s.id} value={s.id}>
              {sceneLabel(s)} ({s.id})
            </option>
          ))}
        </select>
      </div>
      {gridScene.emptyReason && (
        <p className="muted empty-reason" role="note">
          Target pixel empty in {gridScene.id}: {gridScene.emptyReason}
        </p>
      )}
      {gridScene.missingBands && (
        <p className="muted missing-bands" role="note">
          {Object.values(gridScene.missingBands).join(' ')}
        </p>
      )}
      <PixelGridTable scene={gridScene} />
      <SpectralSignatureChart key={`${pixels.scenes.map((s) => s.id).join(',')}|${gridScene.id}`} response={pixels} initialSceneId={gridScene.id} />
      <IndicesChart key={`indices-${pixels.scenes.map((s) => s.id).join(',')}`} pixels={pixels} />
    </section>
  );
}
