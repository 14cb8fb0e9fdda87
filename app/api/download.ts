import { apiErrorText, heardStatus } from './http';

/** The file name a Content-Disposition header gives (its UTF-8 form first), else `fallback`. */
function fileName(header: string | null, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? fallback;
}

/**
 * A refused answer (not ok) in the user's words: errors.api.<code> with its figures; a 401 is also told to
 * the page (`heardStatus`), which offers the sign-in again.
 */
export async function refusalText(
  res: Response,
  url: string,
  t: (key: string, params?: Record<string, unknown>) => string,
): Promise<string> {
  heardStatus(res.status, url);
  const { code, details } = (await res.json().catch(() => ({}))) as { code?: string; details?: unknown };
  return apiErrorText(
    { status: res.status, ...(code ? { code } : {}), ...(details !== undefined ? { details } : {}) },
    t,
  );
}

/**
 * Asks the server for a file (a workbook, a model) and saves it under the name the server gives; resolves
 * with the refusal in the user's words (errors.api.<code>, with its figures), or null once saved. A plain
 * link would leave a refusal to the browser's downloads bar, unexplained.
 */
export async function downloadFile(
  url: string,
  fallback: string,
  t: (key: string, params?: Record<string, unknown>) => string,
): Promise<string | null> {
  try {
    const res = await fetch(url, { credentials: 'same-origin' });
    if (!res.ok) return await refusalText(res, url, t);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(await res.blob());
    link.download = fileName(res.headers.get('content-disposition'), fallback);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    return null;
  } catch {
    return apiErrorText({ status: 0 }, t);
  }
}

/** `?locale=` and, when the page shows a stored version, `&version=`: the server refuses (409) a newer one. */
export const shownQuery = (locale: string, version: number | null | undefined): string =>
  `?locale=${encodeURIComponent(locale)}${version ? `&version=${version}` : ''}`;
