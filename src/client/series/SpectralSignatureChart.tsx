import { useId, useMemo, useState } from 'react';
import { Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, ScatterController, Tooltip } from 'chart.js';
import { Scatter } from 'react-chartjs-2';
import type { PixelResponse } from '../../shared/api/pixel.js';
import { sceneLabel, spectralSignatureDatasets } from './spectralSignatureDatasets.js';

ChartJS.register(ScatterController, LinearScale, PointElement, LineElement, Tooltip, Legend);

// Colour-blind-safe (Okabe-Ito) so overlapping scenes stay distinguishable.
const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#F0E442'];

/** Scenes drawn at first: the most recent one (scenes come oldest first). */
const initialPick = (scenes: PixelResponse['scenes']) => (scenes.length > 0 ? [scenes[scenes.length - 1].id] : []);

/**
 * The target pixel's surface reflectance against band centre wavelength, one line per picked
 * scene, to lay beside a handheld spectrometer's curve. Thermal bands are left out (kelvin).
 */
export function SpectralSignatureChart({ response, initialSceneId }: { response: Pick<PixelResponse, 'scenes'>; initialSceneId?: string }) {
  const [picked, setPicked] = useState<string[]>(() => (initialSceneId && response.scenes.some((s) => s.id === initialSceneId) ? [initialSceneId] : initialPick(response.scenes)));
  const pickerId = useId();
  // Keep the scenes' own order (oldest first) whatever order they were ticked in.
  const pickedInOrder = useMemo(() => response.scenes.map((s) => s.id).filter((id) => picked.includes(id)), [response.scenes, picked]);
  const datasets = useMemo(() => spectralSignatureDatasets(response, pickedInOrder), [response, pickedInOrder]);
  const hasPoints = datasets.some((d) => d.data.length > 0);

  const toggle = (id: string, checked: boolean) => setPicked((prev) => (checked ? [...prev, id] : prev.filter((p) => p !== id)));

  const summary = datasets
    .map((d) => `${d.label}: ${d.data.map((p) => `${p.band} ${p.x} µm ${p.y.toFixed(4)}`).join('; ') || 'no reflectance values'}`)
    .join('. ');

  return (
    <figure className="spectral-signature" aria-labelledby={`${pickerId}-title`}>
      <h3 id={`${pickerId}-title`}>Spectral signature of the target pixel</h3>
      <fieldset className="scene-picker">
        <legend>Scenes to draw</legend>
        <div className="scene-picker-actions">
          <button type="button" onClick={() => setPicked(response.scenes.map((s) => s.id))}>
            All scenes
          </button>
          <button type="button" onClick={() => setPicked(initialPick(response.scenes))}>
            Most recent only
          </button>
        </div>
        <ul className="scene-picker-list">
          {response.scenes.map((scene) => (
            <li key={scene.id}>
              <label>
                <input type="checkbox" checked={picked.includes(scene.id)} onChange={(e) => toggle(scene.id, e.target.checked)} /> {sceneLabel(scene)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {hasPoints ? (
        <div className="spectral-signature-canvas">
          <Scatter
            role="img"
            aria-label={`Spectral signature: reflectance against wavelength for ${datasets.length} scene${datasets.length === 1 ? '' : 's'}`}
            fallbackContent={<p>{summary}</p>}
            data={{
              datasets: datasets.map((d, i) => ({
                label: d.label,
                data: d.data,
                showLine: true,
                borderColor: PALETTE[i % PALETTE.length],
                backgroundColor: PALETTE[i % PALETTE.length],
                borderWidth: 2,
                pointRadius: 4,
              })),
            }}
            options={{
              animation: false,
              maintainAspectRatio: false,
              plugins: {
                legend: { display: true, position: 'bottom' },
                tooltip: {
                  callbacks: {
                    label: (ctx) => {
                      const p = ctx.raw as { x: number; y: number; band?: string };
                      return `${ctx.dataset.label}: ${p.band ?? ''} ${p.x} µm, reflectance ${p.y.toFixed(4)}`;
                    },
                  },
                },
              },
              scales: {
                x: { type: 'linear', title: { display: true, text: 'Wavelength (µm)' } },
                y: { type: 'linear', title: { display: true, text: 'Surface reflectance' } },
              },
            }}
          />
        </div>
      ) : (
        <p className="muted">{picked.length === 0 ? 'Pick a scene to draw its signature.' : 'No reflectance values at the target pixel in the picked scenes.'}</p>
      )}
      <figcaption className="visually-hidden">{summary}</figcaption>
    </figure>
  );
}
