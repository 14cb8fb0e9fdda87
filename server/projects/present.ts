import { createHash } from 'node:crypto';
import { boundProblems } from '../../engine';
import type { StoredProject } from '../calc';
import { serverProjectOf } from '../calc/types';
import type { ProjectTable } from '../db/database';
import { referenceOf } from '../workflow/data';
import { withoutAdminOnly } from './adminOnly';
import { LruCache } from './lruCache';
import { bundleOfProduct } from './products';
import type { ListedRow } from './repository';
import type { HistoryItem, HistoryRow, StoredProjectJson } from '../../words/apiContract';

/** A JSON column as the contract declares it (the server wrote it so). */
const parse = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));
type Json = StoredProjectJson;
const day = (iso: string) => ({ date: iso });

/**
 * Whether a content's answers are within their bounds, by product and SHA-256 of the content. Checking the
 * 200 roofs of a project took 15-25 ms of the server's thread for each read (a helper's attack, round 6:
 * six addresses reading a group of four 200-roof variants in a loop kept an honest visitor's
 * `/api/config` at 345 ms p50, 1.1 s max); a content is the same on every read until a save, which checks
 * its bounds anyway. Hashing it costs under 1 ms. About 100 bytes an entry: 2 MB holds 20,000 contents.
 */
const withinBounds = new LruCache<boolean>(2 * 1024 * 1024);
/** How many contents had their bounds checked since the start (read by the tests). */
export const boundChecks = { count: 0 };

function isWithinBounds(row: ProjectTable): boolean {
  const key = `${row.product_type}:${createHash('sha256').update(row.content).digest('base64')}`;
  let within = withinBounds.get(key);
  if (within === undefined) {
    boundChecks.count += 1;
    const project = serverProjectOf({ steps: JSON.parse(row.content) as StoredProject['steps'] });
    within = boundProblems(bundleOfProduct(row.product_type), project).length === 0;
    withinBounds.set(key, within, key.length + 64);
  }
  return within;
}

/**
 * The results a stored project may show: none while its answers go beyond their bounds (a project stored
 * before a bound existed, its results calculated then from a surface of 1e308 and holding figures no
 * page can draw); the page then calculates it, which names the answer to correct.
 */
function shownResults(row: ProjectTable): Json['results'] {
  if (row.results === null) return null;
  if (!isWithinBounds(row)) return null;
  return parse<Json['results']>(row.results);
}

/** A stored project as the seeds' GET answers it. */
export function presentProject(row: ProjectTable, opts: { admin: boolean }): Json {
  const all = shownResults(row);
  const results = all && !opts.admin ? withoutAdminOnly(bundleOfProduct(row.product_type), all) : all;
  return {
    id: row.id,
    state: row.state,
    command: row.command,
    version: row.version,
    /** the project's name as the history shows it (read from its answers when saved) */
    name: row.name,
    created: day(row.created_at),
    modified: day(row.updated_at),
    steps: parse<Json['steps']>(row.content) ?? {},
    results,
    comment: row.comment,
    extended_properties: parse<Json['extended_properties']>(row.extended_properties) ?? {},
    variant: { of: row.variant_of, no: row.variant_no ?? 1, label: row.variant_label },
    number: row.number,
    /** the reference the client quotes (the sales mail's and the thank-you page's) */
    reference: referenceOf(row),
  };
}

/**
 * A history row: what the history tables show (seed 000 section 2, seed 001 section 2), with its group's
 * variants (their own rows) when it heads one.
 */
export function presentListItem(row: ListedRow, variants: ListedRow[] = []): HistoryItem {
  return { ...listRow(row), variants: variants.map(listRow) };
}

function listRow(row: ListedRow): HistoryRow {
  const steps = parse<Record<string, { forms?: { form?: Record<string, unknown> }[] }>>(row.content) ?? {};
  // the answers the bundle's history repeats (seeds 000/001 section 2), null where the project has none
  const answers = Object.entries(bundleOfProduct(row.product_type).history.answers ?? {}).map(
    ([step, fields]) => {
      const form = steps[step]?.forms?.[0]?.form ?? {};
      const shown = Object.fromEntries(fields.map((f) => [f, form[f] ?? null] as const));
      return [step, { forms: [{ form: shown }] }];
    },
  );
  return {
    id: row.id,
    state: row.state,
    command: row.command,
    created: day(row.created_at),
    modified: day(row.updated_at),
    name: row.name,
    postcode: row.postcode,
    company: row.company,
    commercial: row.commercial,
    steps: Object.fromEntries(answers),
    extended_properties: parse<HistoryRow['extended_properties']>(row.extended_properties) ?? {},
    variant: { of: row.variant_of, no: row.variant_no ?? 1, label: row.variant_label },
    number: row.number,
  };
}
