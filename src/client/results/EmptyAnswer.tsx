import type { EmptyAnswerExplanation } from '../../shared/api/common.js';
import { ApiRequestError } from '../api/ApiRequestError.js';
import type { LandsatDataResponse } from '../../shared/api/landsatData.js';
import { describeEmptyAnswer } from './describeEmptyAnswer.js';

/** A 404 that only says no scene qualifies (its explanation is the statistics' explanation again). */
export function isNoSceneError(err: unknown): boolean {
  return err instanceof ApiRequestError && err.explanation !== null;
}

/**
 * An empty answer, never without a way out: what exists ("27 scenes up to 40% cloud; the least
 * cloudy, 12%, on 2024-05-03") and one button that fetches them. The counts are the statistics'
 * own (the scene box's path/row), so the message, the charts and the scene list agree.
 */
export function EmptyAnswer({
  explanation,
  sceneFilter,
  onFetchAt,
}: {
  explanation: EmptyAnswerExplanation;
  sceneFilter?: LandsatDataResponse['sceneFilter'];
  onFetchAt: (cloudCoverage: number) => void;
}) {
  const limit = explanation.seriesCloudCoverage;
  const count = explanation.scenesAtSeriesCloudCoverage;
  const where = sceneFilter ? ` Counted over WRS-2 path ${sceneFilter.wrsPath}, row ${sceneFilter.wrsRow}, the scene box's own scenes.` : '';
  return (
    <div className="empty-answer" role="status">
      <p>
        <strong>No scene qualifies.</strong> {describeEmptyAnswer(explanation)}
        {explanation.scenesInRange > 0 ? where : ''}
      </p>
      {limit != null && count != null && count > 0 && (
        <button type="button" className="primary-button" onClick={() => onFetchAt(limit)}>
          Fetch the {count} scene{count === 1 ? '' : 's'} up to {limit}% cloud
        </button>
      )}
    </div>
  );
}
