import type { createStore } from 'jotai';
import { calculatorPath } from './projectPaths';
import type { Locale } from '../engine';
import { redirect, replace } from 'react-router-dom';
import type { HttpResult } from './api/http';
import { openLink } from './api/projectMove';
import { fetchConfig, fetchProject, type AppConfig } from './api/projects';
import { fetchIssuedNotes, fetchVerification, type Verification } from './api/verify';
import { apiOf, CALCULATOR_IDS } from './calculators';
import { configAtom } from './state/appAtoms';

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
export function unreachable(error: ApiError | null): void {
  if (error?.status === 0) throw new Error('the server could not be reached');
}

/**
 * The wizard's stored project (?id=), fetched beside the bundle and the page's code; the request is
 * cancelled when the page is left before it arrives. Null without ?id=.
 */
export async function projectLoader(calc: string, request: Request) {
  const id = new URL(request.url).searchParams.get('id');
  if (!id || !CALCULATOR_IDS.includes(calc)) return null;
  return { id, answer: await fetchProject(apiOf(calc), id, request.signal) };
}
export type ProjectLoad = Awaited<ReturnType<typeof projectLoader>>;

/**
 * /issued-notes/:calc/:id, a route without a page: the notes issued from a project, which the project's
 * tools (app/components/ProjectMove.tsx) load through a fetcher when they are opened, and again after a
 * change. Null when they could not be read.
 */
export async function issuedNotesLoader(calc: string, id: string, request: Request) {
  if (!CALCULATOR_IDS.includes(calc)) return null;
  const r = await fetchIssuedNotes(apiOf(calc), id, request.signal);
  return r.data?.notes ?? null;
}

/** The verification page's language: ?lang=, else the browser's first (French or English). */
export function verifyLocale(asked: string | null): Locale {
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
 * /open/:token: a project's secret link. The server lets this browser see the project, which then opens
 * in its calculator (redirect); without the admin session the deployment asks for (admin mode), the
 * sign-in, which comes back to the link; a link renewed since (or never made) is the page's to say.
 */
export async function openLinkLoader(token: string, request: Request) {
  const r = await openLink(token, request.signal);
  unreachable(r.error);
  if (r.error?.status === 401) throw redirect(`/login?next=${encodeURIComponent(inside(request.url))}`);
  // the link's own address is replaced: Back leaves the project, rather than opening it again
  if (r.data) throw replace(calculatorPath(r.data.calc, r.data.id));
  return { error: r.error };
}
export type OpenLinkLoad = Awaited<ReturnType<typeof openLinkLoader>>;
