/** Why a date range cannot be searched, or null when it can. Dates are YYYY-MM-DD, so text order is date order. */
export function dateRangeProblem(startDate: string, endDate: string): string | null {
  if (!startDate || !endDate) return 'Start Date and End Date are both required.';
  if (startDate > endDate) return `Start Date (${startDate}) is after End Date (${endDate}); pick a start on or before the end.`;
  return null;
}
