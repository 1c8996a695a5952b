// @vitest-environment jsdom
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { samplePixelResponse } from '../../../test/support/samplePixelResponse.js';

// Chart.js needs a real canvas; the datasets it draws are tested in spectralSignatureDatasets.test.ts.
vi.mock('react-chartjs-2', () => ({
  Scatter: (props: { data: { datasets: { label: string; data: unknown[] }[] }; 'aria-label': string }) => (
    <div role="img" aria-label={props['aria-label']} data-testid="scatter">
      {props.data.datasets.map((d) => (
        <span key={d.label} data-testid="dataset">
          {d.label}: {d.data.length}
        </span>
      ))}
    </div>
  ),
  // The indices chart (IndicesChart.test.tsx tests what it draws).
  Line: (props: { 'aria-label': string }) => <div role="img" aria-label={props['aria-label']} data-testid="line" />,
}));

const { PixelAnalysis } = await import('./PixelAnalysis.js');
const { PixelGridTable } = await import('./PixelGridTable.js');
const { SceneMetadataTable } = await import('../results/SceneMetadataTable.js');

/** The index chart inside reads its extra bands through the query cache. */
const inQueryCache = (ui: ReactElement) => <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>;

afterEach(cleanup);

const cells = (table: HTMLElement) => [...table.querySelectorAll('tbody td')] as HTMLElement[];

describe('PixelGridTable', () => {
  const scene = samplePixelResponse().scenes[0];

  it('shows the B04 grid in reflectance with DN, the target marked', () => {
    render(<PixelGridTable scene={scene} />);
    const table = screen.getByRole('table', { name: /B04 Red Band: surface reflectance/ });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['West', 'Centre', 'East']);
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['North', 'Centre', 'South']);
    expect(cells(table)).toHaveLength(9);
    const target = table.querySelector('td[data-target="true"]')!;
    expect(target.textContent).toContain('Target pixel');
    expect(target.textContent).toContain('0.0107'); // 7663 * 0.0000275 - 0.2 = 0.0107325
    expect(target.textContent).toContain('DN 7663');
    expect(table.querySelectorAll('td[data-target="true"]')).toHaveLength(1);
    expect(table.querySelector('tbody tr:first-child td:first-of-type')!.textContent).toContain('DN 9010');
  });

  it('says plainly which pixels are clear, cloud or fill', () => {
    render(<PixelGridTable scene={scene} />);
    const qa = screen.getByRole('table', { name: /QA flags/ });
    const texts = cells(qa).map((c) => c.textContent);
    expect(texts[1]).toContain('cloud');
    expect(texts[4]).toMatch(/Target pixel: clear/);
    expect(texts[8]).toContain('fill');
    // The value tables carry the warning too, next to the number.
    const b04 = screen.getByRole('table', { name: /B04/ });
    expect(cells(b04)[1].textContent).toContain('cloud');
    expect(cells(b04)[8].textContent).toContain('—');
  });

  it('shows thermal bands in kelvin', () => {
    render(<PixelGridTable scene={scene} />);
    const b09 = screen.getByRole('table', { name: /B09 .*kelvin/ });
    expect(b09.querySelector('td[data-target="true"]')!.textContent).toContain(`${(43782 * 0.00341802 + 149).toFixed(2)} K`);
  });
});

describe('SceneMetadataTable', () => {
  it('has one row per scene with the comparison metadata', () => {
    render(<SceneMetadataTable scenes={samplePixelResponse().scenes} />);
    const table = screen.getByRole('table', { name: 'Scenes used' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = rows[0].textContent!;
    for (const text of ['2019-01-14 14:33:50 UTC', 'Landsat 8', '001/070', '75.65 %', '70.10 %', '58.30°', '101.20°', 'L2SP', 'T2', 'LC08_L2SP_001070_20190114_20200830_02_T2']) {
      expect(first).toContain(text);
    }
  });
});

describe('PixelAnalysis', () => {
  it('starts on the most recent scene and lets the grid and signature follow other scenes', () => {
    const response = samplePixelResponse();
    render(inQueryCache(<PixelAnalysis pixels={response} />));
    const picker = screen.getByLabelText('Scene for the 3 x 3 grid') as HTMLSelectElement;
    expect(picker.value).toBe(response.scenes[1].id);
    expect(screen.getByRole('table', { name: new RegExp(`QA flags.*${response.scenes[1].id}`) })).toBeTruthy();
    fireEvent.change(picker, { target: { value: response.scenes[0].id } });
    expect(screen.getByRole('table', { name: new RegExp(`QA flags.*${response.scenes[0].id}`) })).toBeTruthy();

    // Signature: the grid's scene (it followed the picker), then all of them.
    expect(screen.getAllByTestId('dataset').map((d) => d.textContent)).toEqual(['2019-01-14 14:33 UTC · landsat-8: 3']);
    fireEvent.click(screen.getByRole('button', { name: 'All scenes' }));
    expect(screen.getAllByTestId('dataset')).toHaveLength(2);
    fireEvent.click(screen.getByRole('checkbox', { name: /2019-01-30/ }));
    expect(screen.getAllByTestId('dataset').map((d) => d.textContent)).toEqual(['2019-01-14 14:33 UTC · landsat-8: 3']);
    fireEvent.click(screen.getByRole('checkbox', { name: /2019-01-14/ }));
    expect(screen.queryByTestId('scatter')).toBeNull();
    expect(screen.getByText('Pick a scene to draw its signature.')).toBeTruthy();
  });

  it('shows the grid and signature of the scene chosen in the timeline', () => {
    const response = samplePixelResponse();
    render(inQueryCache(<PixelAnalysis pixels={response} selectedSceneId={response.scenes[0].id} />));
    expect((screen.getByLabelText('Scene for the 3 x 3 grid') as HTMLSelectElement).value).toBe(response.scenes[0].id);
    expect(screen.getAllByTestId('dataset').map((d) => d.textContent)).toEqual(['2019-01-14 14:33 UTC · landsat-8: 3']);
  });

  it('says so when no scene covers the point', () => {
    render(inQueryCache(<PixelAnalysis pixels={{ ...samplePixelResponse(), scenes: [] }} />));
    expect(screen.getByText(/No scene in the date range/)).toBeTruthy();
  });
});
