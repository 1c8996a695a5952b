import { useEffect } from 'react';
import { isAbortError } from '../api/ApiRequestError.js';
import { problemText } from './describeEmptyAnswer.js';
import { isNoSceneError } from './EmptyAnswer.js';
import type { LandsatResults } from './ResultsSection.js';
import type { useLandsatQueries, FetchRequest } from './useLandsatQueries.js';

/**
 * What one fetch has produced so far, in the page's terms: the results to show (as soon as anything
 * arrived), the problems in words, whether it is still running and how far, and the status line
 * beside Fetch Data. Errors are logged once each.
 */
export function useFetchResults(
  request: (FetchRequest & { areaDescription: string }) | null,
  queries: ReturnType<typeof useLandsatQueries>,
  { cancelled, formProblem }: { cancelled: boolean; formProblem: string | null },
) {
  const { image, data } = queries;
  const complete = data.data ?? null;
  const entriesSoFar = complete ? complete.data : queries.partialEntries;
  const emptyAnswer = complete && complete.data.length === 0 && complete.explanation ? complete.explanation : null;
  // A "no scene" image error repeats what the statistics' explanation says (with the point's own count): one message only.
  const imageNoScene = isNoSceneError(image.error);
  const imageProblem =
    image.error && !isAbortError(image.error) && !(imageNoScene && (emptyAnswer || !complete)) ? `No image: ${problemText(image.error)}` : null;
  const dataProblem = data.error && !isAbortError(data.error) ? `Could not fetch the band statistics: ${(data.error as Error).message}` : null;
  const anythingArrived = Boolean(complete || image.data || imageProblem || entriesSoFar.length > 0 || dataProblem || cancelled);
  const results: LandsatResults | null =
    request && anythingArrived
      ? {
          lngLat: request.lngLat,
          image: image.data ?? null,
          imageProblem,
          imagePending: image.isFetching,
          size: request.size,
          areaDescription: request.areaDescription,
          bbox: request.bbox,
          bands: request.bands,
          startDate: request.startDate,
          endDate: request.endDate,
          data: complete ?? { data: entriesSoFar },
          complete: complete !== null,
          harmonize: Boolean(request.harmonize),
        }
      : null;
  const running = request !== null && (image.isFetching || data.isFetching);
  const doneCount = request ? Number(!image.isFetching) + Number(!data.isFetching) : 0;
  // Before any result shows, problems are said beside Fetch Data; after, in the results (never both).
  const statusMessage = formProblem ?? (running || results ? null : ([imageProblem, dataProblem].filter(Boolean).join(' ') || null));

  useEffect(() => {
    if (image.error && !isAbortError(image.error)) console.error('Error fetching image:', image.error);
  }, [image.error]);
  useEffect(() => {
    if (data.error && !isAbortError(data.error)) console.error('Error fetching data:', data.error);
  }, [data.error]);

  return { complete, emptyAnswer, imageProblem, dataProblem, results, running, doneCount, statusMessage };
}
