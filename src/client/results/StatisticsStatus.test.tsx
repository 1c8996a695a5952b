// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { StatisticsStatus } from './StatisticsStatus.js';
import type { StreamProgress } from '../api/readNdjsonProgress.js';

afterEach(cleanup);

const base = { complete: false, running: true, cancelled: false, problem: null, data: { data: [] }, onCancel: () => undefined };

describe('StatisticsStatus while the series streams', () => {
  it.each<[StreamProgress | null, string]>([
    [null, 'Band statistics: finding scenes...'],
    [{ done: 0, total: null, searched: { checked: 640, candidates: 1842 } }, 'Band statistics: finding scenes, cloud cover checked for 640 of 1,842 candidates...'],
    [{ done: 12, total: 1842 }, 'Band statistics: 12 of 1,842 scenes read; the charts fill in as they arrive.'],
  ])('progress %j reads "%s", with a bar of the same numbers', (progress, words) => {
    render(<StatisticsStatus {...base} progress={progress} />);
    expect(screen.getByRole('status').textContent).toContain(words);
    const bar = screen.getByRole('progressbar') as HTMLProgressElement;
    if (progress?.total) expect([bar.value, bar.max]).toEqual([progress.done, progress.total]);
    else if (progress?.searched) expect([bar.value, bar.max]).toEqual([progress.searched.checked, progress.searched.candidates]);
    else expect(bar.hasAttribute('value')).toBe(false);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});
