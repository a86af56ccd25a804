/** The app's own errors: a status and a code, with `expose` so a Koa error handler may show the message. */

/**
 * @example
 * throw new AppError(401, 'invalid_api_key', 'The API key is not valid.');
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly expose = true;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
  }
}
