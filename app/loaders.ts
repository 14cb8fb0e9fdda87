import type { createStore } from 'jotai';
import { redirect } from 'react-router-dom';
import {
  derive,
  evaluate,
  fromServer,
  truthy,
  type Bundle,
  type FormState,
  type UnitSystem,
} from '../engine';
import type { Results } from '../words/results';
import {
  calculateProject,
  fetchConfig,
  noteDraft,
  searchProjects,
  variants,
  type AppConfig,
  type HistoryItem,
  type StoredProjectAnswer,
} from './api/projects';
import type { HttpResult } from './api/http';
import { openLink } from './api/projectMove';
import { fetchVerification, type Verification } from './api/verify';
import { apiOf, apiPath, CALCULATOR_IDS, loadBundle } from './calculators';
import { configAtom } from './state/appAtoms';
import { wizardAtoms } from './state/wizardAtoms';

export type Store = ReturnType<typeof createStore>;
type ApiError = NonNullable<HttpResult<unknown>['error']>;

/** Where the app lives in the browser's address bar; routes and redirects are written inside it. */
export const BASENAME = '/client';

/** The path of a request inside the app (what a redirect back names). */
export function inside(url: string): string {
  const u = new URL(url);
  const path = u.pathname.startsWith(BASENAME) ? u.pathname.slice(BASENAME.length) || '/' : u.pathname;
  return path + u.search;
}

/**
 * The deployment's facts (GET /api/config), fetched once per store and kept in its configAtom; null when
 * the server could not be reached (asked again on the next navigation).
 */
const configs = new WeakMap<Store, Promise<AppConfig | null>>();
export function configOf(store: Store): Promise<AppConfig | null> {
  const have = store.get(configAtom);
  if (have) return Promise.resolve(have);
  let p = configs.get(store);
  if (!p) {
    p = fetchConfig().then((r) => {
      store.set(configAtom, r.data);
      if (!r.data) configs.delete(store);
      return r.data;
    });
    configs.set(store, p);
  }
  return p;
}

/**
 * A request that could not reach the server (offline, or cancelled because the page was left): thrown,
 * so that the route's errorElement says so in the user's words (React Router drops what a cancelled
 * loader throws). A refusal of the server is the page's to say beside what it concerns.
 */
function unreachable(error: ApiError | null): void {
  if (error?.status === 0) throw new Error('the server could not be reached');
}

/** What a loader of a calculator's page starts from: its bundle, its API and the wizard's session. */
async function pageOf(store: Store, calc: string) {
  const bundle = await loadBundle(calc);
  return { bundle, api: apiOf(calc), session: store.get(wizardAtoms(bundle).session) };
}

/** The history's search, page and order, as the address holds them (?q=&page=&sort=&order=). */
export interface HistoryQuery {
  query: string;
  page: number;
  sort: string;
  order: 'ASC' | 'DESC';
}
const HISTORY_DEFAULTS: HistoryQuery = { query: '', page: 1, sort: 'updated_at', order: 'DESC' };

/** The history's query read from an address; a value the bundle does not offer is its default. */
export function historyQuery(bundle: Bundle, params: URLSearchParams): HistoryQuery {
  const page = Number(params.get('page'));
  const sort = params.get('sort') ?? '';
  const sorts = bundle.history.columns.map((c) => c.sort).filter(Boolean);
  return {
    query: params.get('q') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: sorts.includes(sort) ? sort : HISTORY_DEFAULTS.sort,
    order:
      params.get('order') === 'ASC'
        ? 'ASC'
        : params.get('order') === 'DESC'
          ? 'DESC'
          : HISTORY_DEFAULTS.order,
  };
}

/** The address's search part of a history query: only what differs from the defaults. */
export function historySearch(q: HistoryQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (q.query) p.set('q', q.query);
  if (q.page !== 1) p.set('page', String(q.page));
  if (q.sort !== HISTORY_DEFAULTS.sort || q.order !== HISTORY_DEFAULTS.order) {
    p.set('sort', q.sort);
    p.set('order', q.order);
  }
  return p;
}

/** /:calc/history: one page of the projects; without a session (admin pages), the login first. */
export async function historyLoader(store: Store, calc: string, request: Request) {
  if (!CALCULATOR_IDS.includes(calc)) return null;
  const { bundle, api } = await pageOf(store, calc);
  const q = historyQuery(bundle, new URL(request.url).searchParams);
  const r = await searchProjects(api, q.page, q.query, q.sort, q.order, request.signal);
  if (r.error?.status === 401) throw redirect(`/login?next=${encodeURIComponent(inside(request.url))}`);
  unreachable(r.error);
  return {
    q,
    rows: r.data?.projects ?? ([] as HistoryItem[]),
    pages: r.data?.totalPages ?? 0,
    error: r.error,
  };
}
export type HistoryLoad = NonNullable<Awaited<ReturnType<typeof historyLoader>>>;

/**
 * /:calc/note: the note's draft kept with the project. Without results (a project saved since they were
 * calculated) the results page calculates them first; without a project, the wizard.
 */
export async function noteLoader(store: Store, calc: string, request: Request) {
  if (!CALCULATOR_IDS.includes(calc)) return null;
  const { api, session } = await pageOf(store, calc);
  if (!session.results) throw redirect(session.project_id ? `/${calc}/results` : `/${calc}/calculator`);
  if (!session.project_id) return { informations: [] };
  const r = await noteDraft.get(api, session.project_id, request.signal);
  unreachable(r.error);
  const data = r.data?.data
    ? (JSON.parse(r.data.data) as { informations?: { text: string | null; image: string | null }[] })
    : null;
  return { informations: data?.informations ?? [] };
}
export type NoteLoad = NonNullable<Awaited<ReturnType<typeof noteLoader>>>;

/** A variant of a comparison: the stored project, its results (null: not calculated) and its answers. */
export interface CompareMember {
  project: StoredProjectAnswer;
  results: Results | null;
  state: FormState;
}

/**
 * /:calc/compare?id=: a project's variants (any member's id, else the wizard's project), each not yet
 * calculated calculated first when the bundle lets this user, in the first variant's unit system.
 */
export async function compareLoader(store: Store, calc: string, request: Request) {
  if (!CALCULATOR_IDS.includes(calc)) return null;
  const { bundle, api, session } = await pageOf(store, calc);
  const id = new URL(request.url).searchParams.get('id') ?? session.project_id;
  if (!bundle.compare || !id) return { id: null, members: null, system: 'METRIC' as UnitSystem, error: null };
  const r = await variants.list(api, id, request.signal);
  unreachable(r.error);
  if (!r.data) return { id, members: null, system: 'METRIC' as UnitSystem, error: r.error };
  const admin = (await configOf(store))?.admin ?? false;
  const calculable =
    bundle.results.calculate === undefined || truthy(evaluate(bundle.results.calculate, { admin }));
  const path = bundle.results.path ?? '{api}/calculate/{id}';
  const list = r.data.variants;
  const system = (fromServer(bundle, list[0]!).data.unit_system as UnitSystem | undefined) ?? 'METRIC';
  const members = await Promise.all(
    list.map(async (p): Promise<CompareMember> => {
      let results = p.results ?? null;
      if (!results && calculable) {
        const c = await calculateProject(apiPath({ api }, path, p.id), request.signal);
        unreachable(c.error);
        results = c.data;
      }
      return {
        project: p,
        results,
        state: derive(bundle, fromServer(bundle, p).data, { unitSystem: system }),
      };
    }),
  );
  return { id, members, system, error: null };
}
export type CompareLoad = NonNullable<Awaited<ReturnType<typeof compareLoader>>>;

/** The verification page's language: ?lang=, else the browser's first (French or English). */
export function verifyLocale(asked: string | null): 'fr' | 'en' {
  if (asked === 'fr' || asked === 'en') return asked;
  return (navigator.languages?.[0] ?? navigator.language ?? 'fr').toLowerCase().startsWith('fr')
    ? 'fr'
    : 'en';
}

/** /verify/:code: the issued note and today's calculation of it, or the status of the refusal. */
export async function verifyLoader(code: string, request: Request) {
  const locale = verifyLocale(new URL(request.url).searchParams.get('lang'));
  const r = await fetchVerification(code, locale, request.signal);
  unreachable(r.error);
  return r.data
    ? { state: 'ready' as const, v: r.data as Verification }
    : { state: 'failed' as const, status: r.error?.status ?? 0 };
}
export type VerifyLoad = Awaited<ReturnType<typeof verifyLoader>>;

/**
 * /:calc/results: the results the wizard holds, else the project calculated (when the bundle's
 * `calculate` holds for this user) and kept in the wizard's session. `version`: the stored version they
 * are of (a project saved again since, its results cleared, is calculated again); `noId` without a
 * project; `group` the size of its group of variants (null when the bundle compares none). A refusal
 * (422 with its reasons) or a failure is the page's to say, with a way back.
 */
export async function resultsLoader(store: Store, calc: string, request: Request) {
  if (!CALCULATOR_IDS.includes(calc)) return null;
  const { bundle, api, session } = await pageOf(store, calc);
  const admin = (await configOf(store))?.admin ?? false;
  const def = bundle.results;
  const needsCalc = def.calculate === undefined || truthy(evaluate(def.calculate, { admin }));
  const version = session.version;
  const id = session.project_id;
  // the project's group of variants (its size: whether to offer a duplicate and a comparison)
  const group = async () =>
    bundle.compare && id
      ? variants.list(api, id, request.signal).then((r) => (r.data ? r.data.variants.length : 1))
      : null;
  const calculated = async () => {
    if (!needsCalc || session.results) return { results: session.results, error: null, noId: false };
    if (!id) return { results: null, error: null, noId: true };
    const r = await calculateProject(
      apiPath({ api }, def.path ?? '{api}/calculate/{id}', id),
      request.signal,
    );
    if (r.data) store.set(wizardAtoms(bundle).patchSession, { results: r.data });
    return { results: r.data, error: r.error, noId: false };
  };
  const [c, size] = await Promise.all([calculated(), group()]);
  return { ...c, version, needsCalc, group: size };
}
export type ResultsLoad = NonNullable<Awaited<ReturnType<typeof resultsLoader>>>;

/**
 * /open/:token: a project's secret link. The server lets this browser see the project, which then opens
 * in its calculator (redirect); a link renewed since (or never made) is the page's to say.
 */
export async function openLinkLoader(token: string, request: Request) {
  const r = await openLink(token, request.signal);
  unreachable(r.error);
  if (r.data) throw redirect(`/${r.data.calc}/calculator?id=${encodeURIComponent(r.data.id)}`);
  return { error: r.error };
}
export type OpenLinkLoad = Awaited<ReturnType<typeof openLinkLoader>>;
