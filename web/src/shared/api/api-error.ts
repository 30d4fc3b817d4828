/**
 * An error the API answered with: its HTTP status and the `message` of its body (`fromServer`), or the HTTP status
 * text when the body had none.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fromServer = true,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
