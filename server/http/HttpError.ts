/**
 * Every code the API answers beside its status: the page shows the message errors.api.<code> of the
 * common messages (schemas/common/messages.*.json), with the error's `details` as its parameters.
 * tests/server/apiCodes.test.ts holds every code to a message in every locale.
 */
export const API_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'body_too_large',
  'unsupported_type',
  'not_calculable',
  'out_of_bounds',
  'rate_limited',
  'unavailable',
  'internal',
  'error',
  'variants_full',
  'calculations_busy',
  'notes_busy',
  'workbooks_busy',
  'searches_busy',
  'search_too_long',
  'uploads_busy',
  'downloads_busy',
  'projects_per_hour',
  'projects_per_day',
  'login_locked',
  'login_locked_name',
  'service_projects_per_day',
  'service_storage_per_day',
  'files_per_project',
  'project_storage',
  'visitor_storage',
  'storage_per_day',
  'note_pixels',
  'rain_refused',
  'results_changed',
  'not_calculated',
] as const;
export type ApiCode = (typeof API_CODES)[number];

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
    readonly code?: ApiCode,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
