import type { LandsatDataSoFar } from '../../shared/api/landsatData.js';

/** The day before an ISO date (YYYY-MM-DD), in UTC. */
export function dayBefore(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * How many scenes the statistics hold and exactly which dates they cover. When the limit cut older
 * scenes (the server keeps the newest), it names the first covered day and how to see the rest.
 */
export function CoverageNote({ data, startDate, endDate, onShowOlder }: { data: LandsatDataSoFar; startDate: string; endDate: string; onShowOlder?: (endDate: string) => void }) {
  const count = data.data?.length ?? 0;
  const from = data.coveredStartDate ?? startDate;
  const to = data.coveredEndDate ?? endDate;
  const scenes = `${count} scene${count === 1 ? '' : 's'}`;
  if (!data.truncated) {
    return (
      <div className="coverage-note" role="status">
        <p>
          {scenes} matched from {startDate} to {endDate}; all of them are summarised.
        </p>
      </div>
    );
  }
  const olderEnd = dayBefore(from);
  return (
    <div className="coverage-note truncated" role="status">
      <p>
        <strong>
          More than {data.limit ?? count} scenes qualify. These results cover {from} to {to}: the newest {scenes}.
        </strong>{' '}
        Scenes from {startDate} to {olderEnd} are not included.
      </p>
      <p>
        To see them, fetch again with End Date {olderEnd}
        {onShowOlder && (
          <>
            {' '}
            <button type="button" onClick={() => onShowOlder(olderEnd)}>
              Set End Date to {olderEnd}
            </button>
          </>
        )}
        .
      </p>
    </div>
  );
}
