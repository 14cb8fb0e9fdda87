import { redirect } from 'react-router-dom';
import {
  canCalculate,
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
  fetchProject,
  noteDraft,
  searchProjects,
  variants,
  type HistoryItem,
  type StoredProjectAnswer,
} from './api/projects';
import { apiOf, apiPath, CALCULATOR_IDS, loadEngineBundle } from './calculators';
import { configOf, inside, unreachable, type Store } from './loaders';
import { calculatorPath, notePath, resultsPath } from './projectPaths';
import { openedProject } from './state/openedProject';
import { wizardAtoms } from './state/wizardAtoms';

/**
 * The loaders of the pages' data (app/routes.tsx): each route loads this module beside its page's code
 * (React Router's lazy `loader`), so that a page without one, a calculator's home, downloads neither
 * it nor the engine it uses. (The verification and link pages' loaders, which need no engine, are in
 * app/loaders.ts.)
 */

/** What a loader of a calculator's page starts from: its bundle, its API and the wizard's session. */
async function pageOf(store: Store, calc: string) {
  const bundle = await loadEngineBundle(calc);
  return { bundle, api: apiOf(calc), session: store.get(wizardAtoms(bundle).session) };
}

/**
 * /:calc/review(?id=): the check of the answers, for a bundle that has one and a saved project that can be
 * calculated (the wizard's, or the one the address names, opened in the wizard); else the wizard, which
 * shows what to complete, before the page is drawn.
 */
export async function reviewLoader(store: Store, calc: string, request: Request) {
  if (!CALCULATOR_IDS.includes(calc)) return null;
  const { bundle, api } = await pageOf(store, calc);
  // an address naming a project (a link, a bookmark, a new tab) opens it as the results' address does;
  // one this browser cannot read goes to the calculator's ?id=, which says so and offers its file or link
  const id = new URL(request.url).searchParams.get('id');
  const { session } = await openNamed(store, bundle, api, id, request.signal);
  if (!session) throw redirect(calculatorPath(calc, id!));
  const atoms = wizardAtoms(bundle);
  if (
    !bundle.review ||
    !session.project_id ||
    !canCalculate(bundle, store.get(atoms.state), session.statuses).ok
  )
    throw redirect(id ? calculatorPath(calc, id) : `/${calc}/calculator`);
  return null;
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
 * The project an address names opened in the wizard when it is not the wizard's own (a new tab, a
 * session the browser dropped), as the calculator's ?id= opens it: the wizard's session then, or, for a
 * project this browser cannot read (404: unknown, or another owner's), the failure (the wizard left as
 * it was).
 */
async function openNamed(store: Store, bundle: Bundle, api: string, id: string | null, signal: AbortSignal) {
  const atoms = wizardAtoms(bundle);
  const held = store.get(atoms.session);
  if (!id || id === held.project_id) return { session: held, unread: null };
  const r = await fetchProject(api, id, signal);
  unreachable(r.error);
  if (!r.data) return { session: null, unread: r.error };
  const { data, session } = openedProject(bundle, r.data);
  store.set(atoms.load, data, session);
  return { session: store.get(atoms.session), unread: null };
}

/**
 * /:calc/note?id=: the note's draft kept with the project the address names (opened in the wizard when it
 * is not its own, as the results' address; an address without ?id= is given the wizard's project's).
 * Without results (a project saved since they were calculated) the results page calculates them first;
 * it also says when this browser cannot read the project, or when no project is open.
 */
export async function noteLoader(store: Store, calc: string, request: Request) {
  if (!CALCULATOR_IDS.includes(calc)) return null;
  const { bundle, api, session: held } = await pageOf(store, calc);
  const id = new URL(request.url).searchParams.get('id');
  if (!id && held.project_id) throw redirect(notePath(calc, held.project_id));
  const { session } = await openNamed(store, bundle, api, id, request.signal);
  if (!session) throw redirect(resultsPath(calc, id));
  // the results page calculates them, or says that no project is open
  if (!session.results || !session.project_id) throw redirect(resultsPath(calc, session.project_id));
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

/**
 * /:calc/results?id=: the results of the project the address names, so that the address can be copied,
 * reloaded or opened in another browser of the same owner. The wizard's own project is shown from memory;
 * another (a new tab, a session the browser dropped) is read from the server and opened in the wizard
 * first, as the calculator's ?id= opens it; one this browser cannot read (`unread`: 404 for a project
 * unknown or not its own) is the page's to say, the wizard left as it was. An address without ?id= is
 * given the wizard's project's (a redirect: the navigation lands on the address with ?id=, the page
 * the user came from kept for Back). The results: those the
 * project holds, else the project calculated (when the bundle's `calculate` holds for this user) and kept
 * in the wizard's session. `version`: the stored version they are of (a project saved again since, its
 * results cleared, is calculated again); `noId` without a project; `group` the size of its group of
 * variants (null when the bundle compares none). A refusal (422 with its reasons) or a failure is the
 * page's to say, with a way back.
 */
export async function resultsLoader(store: Store, calc: string, request: Request) {
  if (!CALCULATOR_IDS.includes(calc)) return null;
  const { bundle, api, session: held } = await pageOf(store, calc);
  const id = new URL(request.url).searchParams.get('id');
  if (!id && held.project_id) throw redirect(resultsPath(calc, held.project_id));
  const atoms = wizardAtoms(bundle);
  const admin = (await configOf(store))?.admin ?? false;
  const def = bundle.results;
  const needsCalc = def.calculate === undefined || truthy(evaluate(def.calculate, { admin }));
  // the project's group of variants (its size: whether to offer a duplicate and a comparison)
  const group = async () =>
    bundle.compare && id
      ? variants.list(api, id, request.signal).then((r) => (r.data ? r.data.variants.length : 1))
      : null;
  const calculated = async () => {
    // the project in the wizard: the one it holds, else the one the address names, read and opened
    const { session, unread } = await openNamed(store, bundle, api, id, request.signal);
    const none = { results: null, error: null, noId: false, version: null, unread };
    if (!session) return none;
    const version = session.version;
    if (!needsCalc || session.results) return { ...none, results: session.results, version };
    if (!id) return { ...none, version, noId: true };
    const r = await calculateProject(
      apiPath({ api }, def.path ?? '{api}/calculate/{id}', id),
      request.signal,
    );
    if (r.data) store.set(atoms.patchSession, { results: r.data });
    return { ...none, results: r.data, error: r.error, version };
  };
  const [c, size] = await Promise.all([calculated(), group()]);
  return { ...c, id, needsCalc, group: size };
}
export type ResultsLoad = NonNullable<Awaited<ReturnType<typeof resultsLoader>>>;

/**
 * /:calc/confirm?id=: a project sent to the sales team, read again from the server, so that the thank-you
 * page (its reference, what was sent) survives a reload. Without ?id=, the wizard.
 */
export async function confirmLoader(store: Store, calc: string, request: Request) {
  if (!CALCULATOR_IDS.includes(calc)) return null;
  const id = new URL(request.url).searchParams.get('id');
  if (!id) throw redirect(`/${calc}/calculator`);
  const { bundle, api } = await pageOf(store, calc);
  const r = await fetchProject(api, id, request.signal);
  unreachable(r.error);
  if (!r.data) return { id, project: null, state: null, error: r.error };
  const { data } = fromServer(bundle, r.data);
  const unitSystem = (data.unit_system as UnitSystem | undefined) ?? 'METRIC';
  return { id, project: r.data, state: derive(bundle, data, { unitSystem }), error: null };
}
export type ConfirmLoad = NonNullable<Awaited<ReturnType<typeof confirmLoader>>>;
