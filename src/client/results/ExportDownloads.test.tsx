// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { parseCsv } from '../../shared/csv.js';
import { samplePixelResponse } from '../../../test/support/samplePixelResponse.js';
import { ExportDownloads } from './ExportDownloads.js';

let saved: { blob: Blob | null; href: string; download: string }[];

beforeEach(() => {
  saved = [];
  let lastBlob: Blob | null = null;
  // jsdom has no object URLs and does not download: record what would have been saved.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    lastBlob = blob;
    return 'blob:test';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: this.href.startsWith('blob:') ? lastBlob : null, href: this.href, download: this.download });
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const props = { lngLat: [-79.2165, 45.3267] as [number, number], startDate: '2024-01-01', endDate: '2024-12-31' };

describe('ExportDownloads', () => {
  it('saves the pixel CSV named after the place and dates, with the same numbers as the answer', async () => {
    const pixels = samplePixelResponse();
    render(<ExportDownloads {...props} pixels={pixels} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download pixel values (CSV)' }));
    expect(saved).toHaveLength(1);
    expect(saved[0].download).toBe('landsat-pixels_45.326700_-79.216500_2024-01-01_2024-12-31.csv');
    const [header, ...rows] = parseCsv(await saved[0].blob!.text());
    const target = rows.find((r) => r[header.indexOf('band')] === 'B04' && r[header.indexOf('is_target')] === 'true')!;
    expect(Number(target[header.indexOf('value')])).toBe(Number(pixels.scenes[0].bands.B04.values[1][1]!.toFixed(6)));
    expect(target[header.indexOf('dn')]).toBe('7663');
  });

  it('saves the statistics CSV and the PNG', async () => {
    const statistics = {
      data: [{ scene: { id: 'S1', satellite: 'landsat-9', datetime: '2024-05-01T15:50:00Z', wrsPath: 17, wrsRow: 29, cloudCover: 3 }, outputs: { data: { bands: { B04: { stats: { min: 0.01, max: 0.2, mean: 0.05, stDev: 0.02, sampleCount: 900, noDataCount: 12 } } } } } }],
    };
    render(<ExportDownloads {...props} statistics={statistics} imageDataUrl="data:image/png;base64,iVBORw0KGgo=" />);
    expect((screen.getByRole('button', { name: 'Download pixel values (CSV)' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Download statistics series (CSV)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download image (PNG)' }));
    expect(saved.map((s) => s.download)).toEqual([
      'landsat-statistics_45.326700_-79.216500_2024-01-01_2024-12-31.csv',
      'landsat-image_45.326700_-79.216500_2024-01-01_2024-12-31.png',
    ]);
    const rows = parseCsv(await saved[0].blob!.text());
    expect(rows[1]).toEqual(['S1', 'landsat-9', '2024-05-01T15:50:00Z', '17', '29', '3', 'B04', 'Red Band', 'reflectance', '0.01', '0.2', '0.05', '0.02', '900', '12', 'OLI/TIRS', 'OLI band 4, red', '', '', '', 'false']);
    expect(saved[1].href).toBe('data:image/png;base64,iVBORw0KGgo=');
  });
});
