import type {
  ComparedDetail,
  ComparedFigure,
  ComparedVerdict,
  IssuedNotes,
  PdfCheck,
  Verification,
} from '../../words/apiContract';
import { http } from './http';

export type { IssuedNote, VerdictWords, Verification } from '../../words/apiContract';
/** A verification's figure: as issued, as calculated today (null: not calculated again), the difference. */
export type VerifyFigure = ComparedFigure;
/** A verdict as issued and as recalculated today (null: not calculated again). */
export type VerifyVerdict = ComparedVerdict;
/** A figure of the note's tables that differs today: where it is (a roof), as issued and today. */
export type VerifyDetail = ComparedDetail;

export const fetchVerification = (code: string, locale: string, signal?: AbortSignal) =>
  http<Verification>('GET', `/api/verify/${encodeURIComponent(code)}?locale=${locale}`, undefined, signal);

/** Whether a PDF's bytes are the issued note's (sent as they are; the server compares their digest). */
export async function checkPdf(code: string, file: Blob) {
  try {
    const r = await fetch(`/api/verify/${encodeURIComponent(code)}/pdf`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/pdf' },
      body: file,
    });
    if (!r.ok) return { data: null, error: { status: r.status } };
    return { data: (await r.json()) as PdfCheck, error: null };
  } catch {
    return { data: null, error: { status: 0 } };
  }
}

export const fetchIssuedNotes = (api: string, id: string, signal?: AbortSignal) =>
  http<IssuedNotes>('GET', `${api}/project/${encodeURIComponent(id)}/notes`, undefined, signal);

export const changeIssuedNote = (
  api: string,
  code: string,
  change: { show_client?: boolean; withdrawn?: true },
) => http<null>('PATCH', `${api}/note/${encodeURIComponent(code)}`, change);
