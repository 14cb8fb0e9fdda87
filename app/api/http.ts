/** What every call gives back (seed 000 section 7): the data, the error, and the response itself. */
export interface HttpResult<T> {
  data: T | null;
  error: { status: number; message: string; code?: string; field?: string; details?: unknown } | null;
  response: Response | null;
}

/** The event the window hears when the API answers 401 (an admin session that ended): CalculatorFrame. */
export const UNAUTHORIZED = 'roof:unauthorized';

/**
 * Tells the page the API refused a call for want of an admin session (401), unless the call was a sign-in
 * itself (whose 401 is a wrong password): the frame offers to sign in again and come back.
 */
export function heardStatus(status: number, url: string): void {
  if (status === 401 && !url.startsWith('/api/auth/') && typeof window !== 'undefined')
    window.dispatchEvent(new Event(UNAUTHORIZED));
}

/**
 * Calls the API. Status 204 or an empty body means no data; a non-2xx answer becomes an error carrying the
 * server's message and field; a network failure is an error with status 0. Never throws.
 */
export async function http<T>(
  method: string,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<HttpResult<T>> {
  let response: Response;
  try {
    const init: RequestInit = {
      method,
      credentials: 'same-origin',
      headers: {},
      ...(signal ? { signal } : {}),
    };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { 'content-type': 'application/json' };
    }
    response = await fetch(url, init);
  } catch (e) {
    return {
      data: null,
      error: { status: 0, message: e instanceof Error ? e.message : String(e) },
      response: null,
    };
  }
  let text: string;
  try {
    text = response.status === 204 ? '' : await response.text();
  } catch (e) {
    return {
      data: null,
      error: { status: 0, message: e instanceof Error ? e.message : String(e) },
      response,
    };
  }
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (!response.ok) {
    heardStatus(response.status, url);
    const e = (json ?? {}) as { error?: string; code?: string; field?: string; details?: unknown };
    const error: NonNullable<HttpResult<T>['error']> = {
      status: response.status,
      message: e.error ?? response.statusText,
    };
    if (e.code) error.code = e.code;
    if (e.field) error.field = e.field;
    if (e.details !== undefined) error.details = e.details;
    return { data: null, error, response };
  }
  return { data: (json as T) ?? null, error: null, response };
}

/**
 * An API error in the user's words: the message of its code (errors.api.*), never the server's English
 * text, with the figures the server gives in `details` (a limit, the minutes to wait) as its parameters;
 * a network failure (status 0) says so.
 */
export function apiErrorText(
  error: { status: number; code?: string; details?: unknown } | null | undefined,
  t: (key: string, params?: Record<string, unknown>) => string,
): string {
  if (!error) return '';
  if (error.status === 0) return t('errors.api.network');
  const d = error.details;
  const params =
    d !== null && typeof d === 'object' && !Array.isArray(d) ? (d as Record<string, unknown>) : {};
  return t(`errors.api.${error.code ?? 'error'}`, params);
}
