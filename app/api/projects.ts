import type { ServerProject } from '../../engine';
import { http } from './http';

/** The API product type of a calculator id (DESIGN.md section 4). */
export const PRODUCT: Record<string, string> = { sl: 'slowli', sm: 'skywater_manager', smca: 'smca' };

export interface SaveAnswer {
  id: string;
  changed: boolean;
  version: number;
}

export interface StoredProjectAnswer extends ServerProject {
  id: string;
  state: string;
  version: number;
  results: unknown;
  comment: string | null;
}

export interface HistoryItem {
  id: string;
  state: string;
  command: string | null;
  name: string;
  postcode: string;
  company: string;
  commercial: string;
  created: { date: string };
  modified: { date: string };
  extended_properties: { note_generated?: boolean };
  steps: {
    Chantier: {
      forms: { form: { name: string | null; region: string | null; rain_region: string | null } }[];
    };
    Client: { forms: { form: { company: string | null; user: string | null } }[] };
  };
}

const base = (calc: string): string => `/api/${PRODUCT[calc] ?? calc}`;

/** The note's draft kept with a project: each section's free text and image. */
export const noteDraft = {
  get: (calc: string, id: string) =>
    http<{ data: string | null }>('GET', `${base(calc)}/note_draft/${encodeURIComponent(id)}`),
  put: (calc: string, id: string, informations: { text: string | null; image: string | null }[]) =>
    http<unknown>('PUT', `${base(calc)}/note_draft/${encodeURIComponent(id)}`, {
      data: JSON.stringify({ informations }),
    }),
};

/** Where the stored results of a project are downloaded as an Excel workbook, in `locale`. */
export const resultsXlsxUrl = (calc: string, id: string, locale: string): string =>
  `${base(calc)}/results_xlsx/${encodeURIComponent(id)}?locale=${encodeURIComponent(locale)}`;

/** POST a new project or PUT an existing one (with its version, so a stale save is refused with 409). */
export function saveProject(calc: string, project: ServerProject, version: number | null) {
  const body = version === null ? project : { ...project, version };
  return http<SaveAnswer>(project.id ? 'PUT' : 'POST', `${base(calc)}/project`, body);
}

/** GET a stored project. */
export function fetchProject(calc: string, id: string) {
  return http<StoredProjectAnswer>('GET', `${base(calc)}/project/${encodeURIComponent(id)}`);
}

/** DELETE a project. */
export function deleteProject(calc: string, id: string) {
  return http<null>('DELETE', `${base(calc)}/project/${encodeURIComponent(id)}`);
}

/** The history: page from 1, optional query, sort column (date = updated_at) and order. */
export function searchProjects(
  calc: string,
  page: number,
  query: string,
  sort: string,
  order: 'ASC' | 'DESC',
) {
  const q = query.trim() ? `/${encodeURIComponent(query.trim())}` : '';
  return http<{ projects: HistoryItem[]; totalPages: number; total: number }>(
    'GET',
    `${base(calc)}/project/search/${page}${q}?sort=${encodeURIComponent(sort)}&order=${order}`,
  );
}

/** Runs the calculation (GET /api/sl/calculate/{id} for sl, as seed 000 writes it). */
export function calculateProject(calc: string, id: string) {
  const url =
    calc === 'sl'
      ? `/api/sl/calculate/${encodeURIComponent(id)}`
      : `${base(calc)}/calculate/${encodeURIComponent(id)}`;
  return http<Record<string, unknown>>('GET', url);
}

/** sl: the client's comment, file and submission to the sales team. */
export const slowli = {
  comment: (id: string, comment: string) =>
    http<unknown>('PATCH', `/api/slowli/comment/${encodeURIComponent(id)}`, { comment }),
  upload: (id: string, file: File) => {
    const fd = new FormData();
    fd.append('file', file);
    return http<{ id: string }>('POST', `/api/slowli/client_file/${encodeURIComponent(id)}`, fd);
  },
  send: (id: string) => http<unknown>('POST', `/api/slowli/send-project/${encodeURIComponent(id)}`),
  order: (id: string, command: string) =>
    http<unknown>('PATCH', `/api/slowli/set_project_command/${encodeURIComponent(id)}`, {
      command_number: command,
    }),
  deny: (id: string) => http<unknown>('POST', `/api/slowli/deny_project/${encodeURIComponent(id)}`),
  excelUrl: (id: string) => `/api/slowli/export_excel/${encodeURIComponent(id)}`,
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
