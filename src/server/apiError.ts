/**
 * An error a person can act on. Routes and the core throw it (or errors carrying `statusCode` and
 * `code`); the app's error handler renders every error as `{"error":{"code","message"}}`.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
