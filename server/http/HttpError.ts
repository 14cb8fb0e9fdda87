/**
 * An error a client can act on: its status, a message, the field it concerns when there is one, and a
 * code naming it more precisely than the status (the app's message errors.api.<code>).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly details?: unknown,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
