import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { deriveCards, fromServer } from '../../engine';
import {
  boundReasons,
  projectProblems,
  type CalculateOptions,
  type Reason,
  type StoredProject,
} from '../calc';
import { serverProjectOf } from '../calc/types';
import { HttpError } from '../http/HttpError';
import { i18nOf } from '../i18n';
import { reasonCard, reasonText } from '../../words/reasonText';
import { bundleOfProduct, type ProductType } from './products';
import { LruCache } from './lruCache';

/**
 * The language of a request for a product: `?locale=` when the calculator has it, else the first of the
 * browser's Accept-Language it has, else French.
 */
export function localeOf(request: FastifyRequest, type: ProductType): string {
  const locales = bundleOfProduct(type).locales as string[];
  const query: unknown = request.query;
  const asked = query !== null && typeof query === 'object' && 'locale' in query ? query.locale : undefined;
  if (typeof asked === 'string' && locales.includes(asked)) return asked;
  const header = request.headers['accept-language'];
  for (const part of (typeof header === 'string' ? header : '').split(',')) {
    const lang = part.trim().slice(0, 2).toLowerCase();
    if (locales.includes(lang)) return lang;
  }
  return 'fr';
}

/** Reasons a refusal lists at most (a compiler stops at its first errors the same way). */
export const WORDED_REASONS = 50;

/**
 * The reasons a project cannot be calculated, as a 422 naming the first field and listing its first
 * WORDED_REASONS reasons in the user's words (each `message` in `locale`, where it lies as the form names
 * it: card, field). Only the cards those name are derived: a 200-roof project with every roof out of
 * bounds (600 reasons) took 30-40 ms of the server's thread to derive whole, and its 211 KB answer more to
 * write, for each refused save, which needs no account (a helper's attack, 2026-11-28).
 */
export function refusal(
  type: ProductType,
  project: StoredProject,
  reasons: Reason[],
  locale: string,
  code: 'not_calculable' | 'out_of_bounds' = 'not_calculable',
): HttpError {
  const bundle = bundleOfProduct(type);
  const { i18n } = i18nOf(type, locale);
  const t = (k: string, p?: Record<string, unknown>) => i18n.t(k, p ?? {});
  const worded = reasons.slice(0, WORDED_REASONS);
  const picks = new Map<number, Set<number>>();
  for (const r of worded) {
    const at = reasonCard(bundle, r.field);
    if (at) picks.set(at.step, (picks.get(at.step) ?? new Set()).add(at.card));
  }
  const state = deriveCards(bundle, fromServer(bundle, serverProjectOf(project)).data, picks);
  const details = worded.map((r) => ({ ...r, message: reasonText(r, bundle, state, t) }));
  return new HttpError(422, t(`errors.api.${code}`), reasons[0]?.field, details, code);
}

/**
 * Refuses (422 out_of_bounds, in the request's language, every answer listed as the form words it) the
 * steps of a project that hold an answer beyond its bounds: a number past its field's schema bound, a
 * check the bundle marks `bound` (drains per m2 of roof). Checked before a save and an import: a project
 * in progress may miss answers, never hold one beyond physics. A project stored before a bound existed
 * still opens, its answer marked in the form.
 */
export function assertWithinBounds(
  request: FastifyRequest,
  type: ProductType,
  steps: StoredProject['steps'],
): void {
  const project: StoredProject = { steps };
  const reasons = boundReasons(bundleOfProduct(type), project);
  if (reasons.length) throw refusal(type, project, reasons, localeOf(request, type), 'out_of_bounds');
}

/**
 * Refuses (422, in the request's language) a stored project whose answers the bundle's rules block:
 * checked before a note or an Excel file is made of it, as before any calculation.
 */
export function assertCalculable(
  request: FastifyRequest,
  type: ProductType,
  project: StoredProject,
  opts: CalculateOptions = {},
): void {
  const reasons = projectProblems(bundleOfProduct(type), project, opts);
  if (reasons.length) throw refusal(type, project, reasons, localeOf(request, type));
}

/** Stored answers found calculable, by the SHA-256 of their product and content (128 B an entry). */
const calculable = new LruCache<true>(1024 * 1024);

/**
 * assertCalculable for a stored project's row, once per content: the check derives the whole project on
 * the server's thread (about 50 ms for 200 roofs), and a note asked again and again, most then refused by
 * the printers' full queue, paid it each time (a helper's attack, 2026-11-30, on the workbooks: 16 s of
 * the thread in 43). What passed is kept; a refusal is worded anew in the request's language.
 */
export function assertStoredCalculable(
  request: FastifyRequest,
  type: ProductType,
  row: { id: string; content: string },
): void {
  const key = createHash('sha256').update(type).update('\0').update(row.content).digest('base64');
  if (calculable.get(key)) return;
  assertCalculable(request, type, { id: row.id, steps: JSON.parse(row.content) as StoredProject['steps'] });
  calculable.set(key, true, 128);
}

/** The `?version=` a page sends with what it asks of the results it shows (a workbook, a note). */
export const shownVersion = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

/**
 * Refuses a workbook or a note asked from a page that shows the project at `shown` (its `?version=`) once
 * the project has changed since (saved in another tab, or by a colleague): 409 results_changed, so that
 * nothing is written or printed from answers and results the page did not show. Without `shown` (an API
 * client), the stored project is used as it is.
 */
export function assertShown(row: { version: number }, shown: number | undefined): void {
  if (shown !== undefined && shown !== row.version)
    throw new HttpError(
      409,
      'The project was changed since this page showed it; reload the page',
      'version',
      { version: row.version },
      'results_changed',
    );
}
