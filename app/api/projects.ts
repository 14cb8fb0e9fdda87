import { shownQuery } from './download';
import type { ServerProject } from '../../engine';
import type {
  HistoryPage,
  NewVariant,
  SaveAnswer,
  StoredProjectAnswer,
  VariantName,
  Variants,
} from '../../words/apiContract';
import type { Results } from '../../words/results';
import { http } from './http';

export type { HistoryItem, StoredProjectAnswer, VariantOf } from '../../words/apiContract';

/** A project's variants: a copy in its group, and the group itself (first project first). */
export const variants = {
  create: (api: string, id: string) =>
    http<NewVariant>('POST', `${api}/project/${encodeURIComponent(id)}/variant`),
  list: (api: string, id: string, signal?: AbortSignal) =>
    http<Variants>('GET', `${api}/project/${encodeURIComponent(id)}/variants`, undefined, signal),
  /** names a variant (null: unnamed); answers the name as stored */
  name: (api: string, id: string, label: string | null) =>
    http<VariantName>('PATCH', `${api}/project/${encodeURIComponent(id)}/variant`, {
      label,
    }),
};

/** The note's draft kept with a project: each section's free text and image. */
export const noteDraft = {
  get: (api: string, id: string, signal?: AbortSignal) =>
    http<{ data: string | null }>('GET', `${api}/note_draft/${encodeURIComponent(id)}`, undefined, signal),
  put: (api: string, id: string, informations: { text: string | null; image: string | null }[]) =>
    http<unknown>('PUT', `${api}/note_draft/${encodeURIComponent(id)}`, {
      data: JSON.stringify({ informations }),
    }),
};

/**
 * Where the stored results of a project are downloaded as an Excel workbook, in `locale`, as the page
 * shows them (`version`: a newer project is refused with 409).
 */
export const resultsXlsxUrl = (api: string, id: string, locale: string, version: number | null): string =>
  `${api}/results_xlsx/${encodeURIComponent(id)}${shownQuery(locale, version)}`;

/** POST a new project or PUT an existing one (with its version, so a stale save is refused with 409). */
export function saveProject(api: string, project: ServerProject, version: number | null) {
  const body = version === null ? project : { ...project, version };
  return http<SaveAnswer>(project.id ? 'PUT' : 'POST', `${api}/project`, body);
}

/** GET a stored project; `signal` cancels it (the page left before it arrived). */
export function fetchProject(api: string, id: string, signal?: AbortSignal) {
  return http<StoredProjectAnswer>('GET', `${api}/project/${encodeURIComponent(id)}`, undefined, signal);
}

/** The history: page from 1, optional query, sort column (date = updated_at) and order. */
export function searchProjects(
  api: string,
  page: number,
  query: string,
  sort: string,
  order: 'ASC' | 'DESC',
  signal?: AbortSignal,
) {
  const q = query.trim() ? `/${encodeURIComponent(query.trim())}` : '';
  return http<HistoryPage>(
    'GET',
    `${api}/project/search/${page}${q}?sort=${encodeURIComponent(sort)}&order=${order}`,
    undefined,
    signal,
  );
}

/** Runs the calculation at the bundle's calculate route (a path already filled); `signal` cancels it. */
export function calculateProject(path: string, signal?: AbortSignal) {
  return http<Results>('GET', path, undefined, signal);
}

/** The project submission (seed 000 section 9): the client's comment, file and sending to sales. */
export const submission = {
  comment: (api: string, id: string, comment: string) =>
    http<unknown>('PATCH', `${api}/comment/${encodeURIComponent(id)}`, { comment }),
  upload: (api: string, id: string, file: File) => {
    const fd = new FormData();
    fd.append('file', file);
    return http<{ id: string }>('POST', `${api}/client_file/${encodeURIComponent(id)}`, fd);
  },
  send: (api: string, id: string) =>
    http<{ reference: string }>('POST', `${api}/send-project/${encodeURIComponent(id)}`),
};

/** Deployment facts (mode, calculators, locales, unit systems, admin). */
export interface AppConfig {
  mode: 'admin' | 'canada' | 'canada_prod' | 'client';
  calculators: string[];
  locales: string[];
  unitSystems: string[];
  /** the manufacturer's name and logo, when the deployment sets them */
  brand?: { name: string | null; logo: string | null };
  admin: boolean;
}

/** GET /api/config. */
export function fetchConfig() {
  return http<AppConfig>('GET', '/api/config');
}
