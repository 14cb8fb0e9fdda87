import type { ComparedDetail, ComparedFigure, ComparedVerdict } from '../../words/verification';
import { http } from './http';

export type { VerdictWords } from '../../words/verification';
/** A verification's figure: as issued, as calculated today (null: not calculated again), the difference. */
export type VerifyFigure = ComparedFigure;
/** A verdict as issued and as recalculated today (null: not calculated again). */
export type VerifyVerdict = ComparedVerdict;
/** A figure of the note's tables that differs today: where it is (a roof), as issued and today. */
export type VerifyDetail = ComparedDetail;

/** What the public verification page is told of a code (server/verify/issued.ts, in the page's language). */
export type Verification =
  | { status: 'withdrawn'; code: string; issued_on: string; withdrawn_on: string; product: string }
  | {
      status: 'issued';
      code: string;
      issued_on: string;
      product: string;
      number: number | null;
      name: string;
      place: string;
      sections: { title: string; items: { label: string; value: string }[] }[];
      method: { issued: string; today: string };
      climate: string;
      figures: VerifyFigure[];
      verdicts: VerifyVerdict[];
      /** the other figures the note prints: how many values were compared, those that differ */
      details: { compared: number; differing: VerifyDetail[] };
      recalculated: boolean;
      same: boolean;
      changes: { version: string; text: string }[];
      /** the reader may change the note (its author or an admin): where, and the client shown or not */
      author?: { api: string; show_client: boolean };
    };

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
    return { data: (await r.json()) as { issued: boolean; withdrawn: boolean }, error: null };
  } catch {
    return { data: null, error: { status: 0 } };
  }
}

/** An issued note of a project, as its author lists them. */
export interface IssuedNote {
  code: string;
  issued_on: string;
  method_version: string;
  show_client: boolean;
  withdrawn: boolean;
}

export const fetchIssuedNotes = (api: string, id: string) =>
  http<{ notes: IssuedNote[] }>('GET', `${api}/project/${encodeURIComponent(id)}/notes`);

export const changeIssuedNote = (
  api: string,
  code: string,
  change: { show_client?: boolean; withdrawn?: true },
) => http<null>('PATCH', `${api}/note/${encodeURIComponent(code)}`, change);
