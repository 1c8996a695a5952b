import type { EmptyAnswerExplanation } from '../../shared/api/common.js';
import { ApiRequestError } from '../api/ApiRequestError.js';
import { formatInputDate } from '../filters/dateWords.js';
import { NOT_IMAGED_WORDS } from '../../shared/notImaged.js';

const scenes = (n: number) => `${n} scene${n === 1 ? '' : 's'}`;

/**
 * Why no scene qualifies, in words a person can act on (the server's explanation, see
 * src/core/landsat/explainEmptyAnswer.ts). Never blames an archive that holds every scene (the demo).
 */
export function describeEmptyAnswer(e: EmptyAnswerExplanation, locale?: string | string[]): string {
  // Dates as the date inputs show them in this browser's locale (issue 13: one way of writing a date).
  const longDate = (isoDay: string) => formatInputDate(isoDay, locale);
  const range = `between ${longDate(e.startDate)} and ${longDate(e.endDate)}`;
  if (e.notImagedReason) return NOT_IMAGED_WORDS[e.notImagedReason];
  if (e.rangeStartsInFuture && e.scenesInRange === 0) {
    return `These dates lie in the future: no scene exists yet. "The next landsat will pass over" lists the coming passes.`;
  }
  if (e.rangeEndsBeforeRecord) {
    return `These dates end before the archive's first Landsat scene (${longDate(e.recordStart)}). Choose dates from then on.`;
  }
  if (e.scenesInRange === 0) {
    const early = e.rangeStartsBeforeRecord ? ` (the archive's Landsat record starts on ${longDate(e.recordStart)})` : '';
    if (e.sourceIsComplete) {
      return `No Landsat satellite passed over this place ${range}${early}: each passes every 16 days, two flying at once every 8. Widen the dates.`;
    }
    return `The archive holds no scene of this place ${range}${early}. Widen the dates or pick another place.`;
  }
  if (e.seriesCloudCoverage != null && e.scenesAtSeriesCloudCoverage != null && e.lowestCloudCover !== null && e.lowestCloudCoverDate) {
    const held = e.scenesInRangeCapped ? `More than ${scenes(e.scenesInRange)}` : scenes(e.scenesInRange);
    return (
      `${held} ${range}, none with ${e.cloudCoverage}% cloud or less. ` +
      `${scenes(e.scenesAtSeriesCloudCoverage)} up to ${e.seriesCloudCoverage}% cloud; the least cloudy, ${e.lowestCloudCover}%, on ${longDate(e.lowestCloudCoverDate)}.`
    );
  }
  if (e.suggestedCloudCoverage !== null && e.lowestCloudCover !== null) {
    const held = e.scenesInRangeCapped ? `More than ${scenes(e.scenesInRange)}` : scenes(e.scenesInRange);
    const verb = e.scenesInRange === 1 && !e.scenesInRangeCapped ? 'covers' : 'cover';
    return (
      `${held} ${verb} this place ${range}, but every one has more than ${e.cloudCoverage}% cloud cover (the clearest ${e.lowestCloudCover}%). ` +
      `Raise Cloud Coverage to ${e.suggestedCloudCoverage}% to see ${scenes(e.scenesAtSuggestedCloudCoverage ?? 1)}.`
    );
  }
  return `${scenes(e.scenesInRange)} qualify ${range}, but none holds pixels here: the place lies at the edge of their footprints. Try another point nearby.`;
}

/** The message of a failed request, with the explanation in words when the server sent one. */
export function problemText(err: unknown, locale?: string | string[]): string {
  if (err instanceof ApiRequestError && err.explanation) return describeEmptyAnswer(err.explanation, locale);
  return (err as Error).message;
}
