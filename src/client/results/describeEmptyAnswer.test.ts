import { describe, expect, it } from 'vitest';
import type { EmptyAnswerExplanation } from '../../shared/api/common.js';
import { ApiRequestError } from '../api/ApiRequestError.js';
import { describeEmptyAnswer, problemText } from './describeEmptyAnswer.js';

const base: EmptyAnswerExplanation = {
  startDate: '2025-01-01', endDate: '2025-01-31', cloudCoverage: 20, scenesInRange: 0, scenesInRangeCapped: false,
  lowestCloudCover: null, suggestedCloudCoverage: null, scenesAtSuggestedCloudCoverage: null, lowestCloudCoverDate: null, seriesCloudCoverage: null, scenesAtSeriesCloudCoverage: null, recordStart: '2013-03-18',
  firstSceneDates: { 'landsat-8': '2013-03-18', 'landsat-9': '2021-10-31' }, rangeStartsBeforeRecord: false, rangeEndsBeforeRecord: false, rangeStartsInFuture: false,
  landsatImagesHere: true, notImagedReason: null, sourceIsComplete: false, source: 'local:/x', synthetic: false,
};

describe('describeEmptyAnswer', () => {
  it('says how far to raise the cloud limit, and how many scenes that shows', () => {
    const text = describeEmptyAnswer({ ...base, scenesInRange: 6, lowestCloudCover: 22.4, suggestedCloudCoverage: 23, scenesAtSuggestedCloudCoverage: 4 }, 'en-GB');
    expect(text).toBe('6 scenes cover this place between 01/01/2025 and 31/01/2025, but every one has more than 20% cloud cover (the clearest 22.4%). Raise Cloud Coverage to 23% to see 4 scenes.');
  });

  it('says what exists: the scenes at the series limit, and the least cloudy one with its day', () => {
    const text = describeEmptyAnswer(
      { ...base, cloudCoverage: 0, scenesInRange: 45, lowestCloudCover: 12, lowestCloudCoverDate: '2024-05-03', suggestedCloudCoverage: 12, scenesAtSuggestedCloudCoverage: 1, seriesCloudCoverage: 40, scenesAtSeriesCloudCoverage: 27 },
      'en-GB',
    );
    expect(text).toBe('45 scenes between 01/01/2025 and 31/01/2025, none with 0% cloud or less. 27 scenes up to 40% cloud; the least cloudy, 12%, on 03/05/2024.');
  });

  it('names the start of the record, open ocean and the row limits', () => {
    expect(describeEmptyAnswer({ ...base, startDate: '2010-01-01', endDate: '2012-12-31', rangeStartsBeforeRecord: true, rangeEndsBeforeRecord: true }, 'en-GB')).toMatch(
      /end before the archive's first Landsat scene \(18\/03\/2013\)/,
    );
    expect(describeEmptyAnswer({ ...base, landsatImagesHere: false, notImagedReason: 'open_ocean' }, 'en-GB')).toMatch(/do not image open ocean/);
    expect(describeEmptyAnswer({ ...base, startDate: '2099-01-01', endDate: '2099-01-31', rangeStartsInFuture: true, sourceIsComplete: true }, 'en-GB')).toMatch(/in the future/);
    expect(describeEmptyAnswer({ ...base, landsatImagesHere: false, notImagedReason: 'beyond_row_limits' }, 'en-GB')).toMatch(/82° north and south/);
  });

  it('never blames an archive that holds every scene (the demo), but says so of one that may not', () => {
    const demo = describeEmptyAnswer({ ...base, startDate: '2025-01-01', endDate: '2025-01-03', sourceIsComplete: true, synthetic: true }, 'en-GB');
    expect(demo).toMatch(/No Landsat satellite passed over this place between 01\/01\/2025 and 03\/01\/2025.*every 8\. Widen the dates\./);
    expect(demo).not.toMatch(/archive/);
    expect(describeEmptyAnswer(base, 'en-GB')).toMatch(/The archive holds no scene of this place/);
  });

  it('turns an API error with an explanation into words, and keeps other messages', () => {
    const err = new ApiRequestError(404, 'no_scene', 'No Landsat scene covers …', { ...base, landsatImagesHere: false, notImagedReason: 'open_ocean' });
    expect(problemText(err)).toMatch(/open ocean/);
    expect(problemText(new Error('boom'))).toBe('boom');
  });
});
