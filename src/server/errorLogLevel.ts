/**
 * How loudly a failed request is logged: refusals the server gives on purpose (bad input, 404,
 * 429 rate limit, 503 busy) are routine and logged as warn; faults (every other 5xx: bugs, the
 * archive failing, storage failing) at error, so an alert on error lines means something broke.
 * A client that hung up (499) is not a problem at all: info.
 */
export type ErrorLogLevel = 'info' | 'warn' | 'error';

export function errorLogLevel(answer: { statusCode: number; code: string }): ErrorLogLevel {
  if (answer.statusCode === 499) return 'info';
  if (answer.statusCode < 500 || answer.code === 'busy') return 'warn';
  return 'error';
}
