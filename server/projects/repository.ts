import { randomBytes } from 'node:crypto';
import { sql, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Database, Db, Dialect, ProjectTable } from '../db/database';
import { canonicalJson, cut, normalize, sortKey } from './projectText';
import type { HistoryRecordColumn } from '../../engine';
import { bundleOfProduct, type ProductType } from './products';

export type Steps = Record<
  string,
  { forms?: { form?: Record<string, unknown> }[] } & Record<string, unknown>
>;

/** A random, unguessable project id (128 bits, base64url). */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}

const now = (): string => new Date().toISOString();

/**
 * Charges the bytes a write stores beyond a project's mark (`counted_bytes`) to its visitor's storage
 * (quota/quotas.ts: 413 or 429 when they do not fit); answers what takes the charge back (the write did
 * not happen after all).
 */
export type Charge = (added: number) => Promise<() => Promise<void>>;
const free: Charge = () => Promise.resolve(() => Promise.resolve());

/** The UTF-8 bytes of a stored text (what octet_length answers); 0 for none. */
export const bytesOfText = (text: string | null | undefined): number =>
  text ? Buffer.byteLength(text, 'utf8') : 0;

/** A stored project's answers and results, in UTF-8 bytes (what its quotas and large reads count). */
export const bytesOfProject = (row: Pick<ProjectTable, 'content' | 'results'>): number =>
  bytesOfText(row.content) + bytesOfText(row.results);

/** SQL raising a project's mark to `total` (never lowering it: a project that shrank is not refunded). */
const raiseMark = (total: number) =>
  sql<number>`case when counted_bytes > ${total} then counted_bytes else ${total} end`;

function firstForm(steps: Steps, key: string): Record<string, unknown> {
  return steps[key]?.forms?.[0]?.form ?? {};
}
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** The columns the history shows and searches, read from the steps where the bundle's history says. */
function columnsOf(type: ProductType, steps: Steps) {
  const { record = {} } = bundleOfProduct(type).history;
  const read = (column: HistoryRecordColumn): string => {
    const from = record[column];
    return cut(str(from ? firstForm(steps, from.step)[from.field] : null), 255);
  };
  const cols = {
    name: read('name'),
    postcode: read('postcode'),
    city: read('city'),
    region: read('region'),
    company: read('company'),
    commercial: read('commercial'),
  };
  return {
    ...cols,
    search: normalize([cols.name, cols.postcode, cols.city, cols.company, cols.commercial].join(' | ')),
    sort_name: sortKey(cols.name),
    sort_city: sortKey(cols.city),
    sort_company: sortKey(cols.company),
    sort_commercial: sortKey(cols.commercial),
    sort_region: sortKey(cols.region),
  };
}

/** The row of a new project (exported for bulk loads: the API benchmark). */
export function newProjectRow(
  input: { type: ProductType; owner: string | null; steps: Steps },
  t = now(),
): ProjectTable {
  return {
    id: newId(),
    product_type: input.type,
    state: 'ongoing',
    command: null,
    owner: input.owner,
    version: 1,
    content: canonicalJson(input.steps),
    results: null,
    comment: null,
    extended_properties: null,
    ...columnsOf(input.type, input.steps),
    created_at: t,
    updated_at: t,
    variant_of: null,
    variant_no: null,
    number: null,
    variant_label: null,
  };
}

/**
 * The next readable number of a product type: one upsert on its counter, which PostgreSQL serialises on
 * the counter's row and SQLite on its single writer, so two projects created at once never share one.
 * Call it in the transaction that inserts the project (a rolled-back insert gives its number back).
 */
export async function nextNumber(db: Db | Transaction<Database>, type: string): Promise<number> {
  const r = await db
    .insertInto('project_numbers')
    .values({ product_type: type, last: 1 })
    .onConflict((oc) =>
      oc.column('product_type').doUpdateSet({ last: sql<number>`project_numbers.last + 1` }),
    )
    .returning('last')
    .executeTakeFirstOrThrow();
  return Number(r.last);
}

/** The most members a group of variants holds (the comparison shows them side by side). */
export const VARIANTS_MAX = 4;

/**
 * The query of a project's group (its first project, then the others), each part on its own index: the
 * first by its id, the others by `variant_of`. As one condition (`id = root or variant_of = root`),
 * SQLite walked every project of the type and read each row as far as its `variant_of`, past its answers
 * and results: 250-670 ms for a group of two among 20,000 calculated projects, on the server's thread
 * (a helper's attack, round 7: any visitor reading its own small group in a loop held every request).
 * Exported for the test that reads its plan.
 */
export function groupOf<O>(
  db: Db | Transaction<Database>,
  row: Pick<ProjectTable, 'id' | 'variant_of' | 'product_type'>,
  columns: (
    q: SelectQueryBuilder<Database, 'projects', object>,
  ) => SelectQueryBuilder<Database, 'projects', O>,
) {
  const root = row.variant_of ?? row.id;
  const of = () => db.selectFrom('projects').where('product_type', '=', row.product_type);
  return columns(of().where('id', '=', root)).unionAll(columns(of().where('variant_of', '=', root)));
}

/** A project's group of variants, its first project first, then by number. */
export async function variantsOf(
  db: Db | Transaction<Database>,
  row: Pick<ProjectTable, 'id' | 'variant_of' | 'product_type'>,
): Promise<ProjectTable[]> {
  const rows = await groupOf(db, row, (q) => q.selectAll()).execute();
  return rows.sort((a, b) =>
    a.variant_of === null ? -1 : b.variant_of === null ? 1 : number(a) - number(b),
  );
}

const number = (r: ProjectTable): number => r.variant_no ?? 1;

const isUniqueViolation = (e: unknown): boolean => {
  const code = (e as { code?: string }).code ?? '';
  return code === '23505' || code.startsWith('SQLITE_CONSTRAINT');
};

/**
 * In a transaction: the group's first project of `id` locked (PostgreSQL: FOR UPDATE; SQLite has one
 * writer at a time), then the project `id` read again under that lock. Every change of a group's
 * membership (a copy, a deletion and its hand-over) goes through here, so they happen one after the
 * other and each sees the group as the one before left it. 'gone' when the project no longer exists;
 * 'moved' when its group changed hands between the two reads (the caller tries again).
 */
async function lockGroupOf(
  tx: Transaction<Database>,
  dialect: Dialect,
  id: string,
): Promise<ProjectTable | 'gone' | 'moved'> {
  const first = await tx.selectFrom('projects').select('variant_of').where('id', '=', id).executeTakeFirst();
  if (!first) return 'gone';
  const root = first.variant_of ?? id;
  let lock = tx.selectFrom('projects').select('id').where('id', '=', root);
  if (dialect === 'postgres') lock = lock.forUpdate();
  if (!(await lock.executeTakeFirst())) return 'moved';
  const row = await tx.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return 'gone';
  return (row.variant_of ?? row.id) === root ? row : 'moved';
}

/**
 * Copies a project as a new variant in its group: the same answers, results and note draft, a fresh
 * state (calculated when it has results), the same owner, the group's lowest free number. 'full' when the
 * group already holds VARIANTS_MAX projects; 'gone' when the project was deleted meanwhile. The copy
 * holds its group's first project (lockGroupOf), so a deletion handing the group over waits for it and
 * then hands the copy over too: no copy is left naming a group that no longer exists.
 */
export async function createVariant(
  db: Db,
  dialect: Dialect,
  row: ProjectTable,
): Promise<{ id: string; version: number; no: number } | 'full' | 'gone'> {
  for (let attempt = 0; attempt < 2 * VARIANTS_MAX; attempt += 1) {
    const t = now();
    try {
      const r = await db.transaction().execute(async (tx) => {
        const source = await lockGroupOf(tx, dialect, row.id);
        if (typeof source === 'string') return source;
        const group = await variantsOf(tx, source);
        const used = new Set(group.map(number));
        const no = Array.from({ length: VARIANTS_MAX }, (_, i) => i + 1).find((n) => !used.has(n));
        if (no === undefined) return 'full';
        const copy: ProjectTable = {
          ...source,
          id: newId(),
          state: source.results ? 'calculated' : 'ongoing',
          command: null,
          version: 1,
          comment: null,
          extended_properties: null,
          created_at: t,
          updated_at: t,
          variant_of: source.variant_of ?? source.id,
          variant_no: no,
          variant_label: null,
          link: null,
          counted_bytes: bytesOfProject(source),
        };
        await tx
          .insertInto('projects')
          .values({ ...copy, number: await nextNumber(tx, source.product_type) })
          .execute();
        const draft = await tx
          .selectFrom('note_drafts')
          .select('content')
          .where('project_id', '=', source.id)
          .executeTakeFirst();
        if (draft)
          await tx
            .insertInto('note_drafts')
            .values({ project_id: copy.id, content: draft.content, updated_at: t })
            .execute();
        return { id: copy.id, version: 1, no };
      });
      if (r !== 'moved') return r;
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
    }
  }
  return 'full';
}

/** Creates a project, its answers charged first; returns its id and first version. */
export async function createProject(
  db: Db,
  input: { type: ProductType; owner: string | null; steps: Steps },
  charge: Charge = free,
): Promise<{ id: string; version: number; number: number }> {
  const row = newProjectRow(input);
  const size = bytesOfText(row.content);
  const undo = await charge(size);
  try {
    const number = await db.transaction().execute(async (tx) => {
      const n = await nextNumber(tx, input.type);
      await tx
        .insertInto('projects')
        .values({ ...row, number: n, counted_bytes: size })
        .execute();
      return n;
    });
    return { id: row.id, version: 1, number };
  } catch (e) {
    await undo();
    throw e;
  }
}

/** Names a variant (null or blank: unnamed); stamps updated_at. */
export async function nameVariant(db: Db, id: string, label: string | null): Promise<void> {
  const text = label === null ? '' : cut(label.trim().replace(/\s+/g, ' '), 80);
  await db
    .updateTable('projects')
    .set({ variant_label: text === '' ? null : text, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/**
 * Projects never named (the wizard saves a project on its first step, before the site's name), still
 * ongoing with no results, no variants, untouched since `before`: abandoned starts. Deletes them with
 * their files and note drafts; answers how many went.
 */
export async function deleteAbandoned(db: Db, before: string): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const rows = await tx
      .selectFrom('projects')
      .select('id')
      .where('name', '=', '')
      .where('state', '=', 'ongoing')
      .where('results', 'is', null)
      .where('variant_of', 'is', null)
      .where('updated_at', '<', before)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('projects as v').select('v.id').whereRef('v.variant_of', '=', 'projects.id'))),
      )
      .limit(1000)
      .execute();
    const ids = rows.map((r) => r.id);
    if (!ids.length) return 0;
    await tx.deleteFrom('files').where('project_id', 'in', ids).execute();
    await tx.deleteFrom('note_drafts').where('project_id', 'in', ids).execute();
    await tx.deleteFrom('projects').where('id', 'in', ids).execute();
    return ids.length;
  });
}

/**
 * What fingerprints a stored project as its reads present it: every column they show, its version and
 * last change, and the sizes of its answers and results (read without them: `octet_length`, from the
 * value's header). Its answers change only with its version; its results only with its version or its
 * `updated_at` (a calculation stored); its group's numbering only with `variant_of` or `variant_no` (a
 * deletion handing the group over does not stamp `updated_at`).
 */
export const HEAD_COLUMNS = [
  'id',
  'product_type',
  'owner',
  'link',
  'state',
  'command',
  'version',
  'name',
  'comment',
  'extended_properties',
  'created_at',
  'updated_at',
  'variant_of',
  'variant_no',
  'variant_label',
  'number',
] as const;

/** A project as fingerprinted: its small columns, and its answers' and results' UTF-8 bytes (-1: no results). */
export type ProjectHead = Pick<ProjectTable, (typeof HEAD_COLUMNS)[number]> & {
  content_bytes: number;
  results_bytes: number;
};

/** The head of a project read whole. */
export function headOf(row: ProjectTable): ProjectHead {
  const head = Object.fromEntries(HEAD_COLUMNS.map((c) => [c, row[c] ?? null])) as ProjectHead;
  head.content_bytes = bytesOfText(row.content);
  head.results_bytes = row.results === null ? -1 : bytesOfText(row.results);
  return head;
}

const SIZES = [
  sql<number>`octet_length(content)`.as('content_bytes'),
  sql<number>`coalesce(octet_length(results), -1)`.as('results_bytes'),
];

/** The head of one project of a product type (its small columns and sizes), or undefined. */
export async function getProjectHead(
  db: Db,
  type: ProductType,
  id: string,
): Promise<ProjectHead | undefined> {
  return db
    .selectFrom('projects')
    .select([...HEAD_COLUMNS, ...SIZES])
    .where('id', '=', id)
    .where('product_type', '=', type)
    .executeTakeFirst();
}

/** The heads of a project's group of variants (in no order). */
export async function groupHeadsOf(
  db: Db,
  row: Pick<ProjectTable, 'id' | 'variant_of' | 'product_type'>,
): Promise<ProjectHead[]> {
  return groupOf(db, row, (q) => q.select([...HEAD_COLUMNS, ...SIZES])).execute();
}

/** One project of a product type, or undefined. */
export async function getProject(db: Db, type: ProductType, id: string): Promise<ProjectTable | undefined> {
  return db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', id)
    .where('product_type', '=', type)
    .executeTakeFirst();
}

/**
 * What a calculation reads of a project: its owner (who may calculate it), its content and the version
 * of that content; not its stored results, which a calculation only writes.
 */
export async function getProjectContent(
  db: Db,
  type: ProductType,
  id: string,
): Promise<
  Pick<ProjectTable, 'id' | 'owner' | 'content' | 'version' | 'link' | 'counted_bytes'> | undefined
> {
  return db
    .selectFrom('projects')
    .select(['id', 'owner', 'content', 'version', 'link', 'counted_bytes'])
    .where('id', '=', id)
    .where('product_type', '=', type)
    .executeTakeFirst();
}

/** The states an admin's decision leads to, as the calculator's workflow declares them (none without one). */
const keptStates = (type: ProductType): string[] => bundleOfProduct(type).workflow?.kept ?? [];

/** SQL for the new state of a project unless an admin decided on it (a kept state stays as it is). */
function keepDecision(type: ProductType, otherwise: string) {
  const kept = keptStates(type);
  if (kept.length === 0) return sql<string>`${otherwise}`;
  return sql<string>`case when state in (${sql.join(kept)}) then state else ${otherwise} end`;
}

/**
 * Saves new steps. When `expectedVersion` is given and differs from the stored one, nothing changes and
 * 'conflict' comes back. Identical content is not rewritten (changed false). A changed project loses its
 * results and, unless in a state its workflow keeps (sl: ordered, not selected), goes back to ongoing.
 * One conditional UPDATE: the version read must still be the stored one, and the admin's decision is
 * judged on the row as it is at that moment.
 */
export async function updateProject(
  db: Db,
  row: ProjectTable,
  steps: Steps,
  expectedVersion: number | null,
  charge: Charge = free,
): Promise<{ changed: boolean; version: number; resultsKept?: boolean } | 'conflict'> {
  if (expectedVersion !== null && expectedVersion !== row.version) return 'conflict';
  const content = canonicalJson(steps);
  if (content === row.content) return { changed: false, version: row.version };
  // Only the unit system changed (the user reads the same project in inches): the results, computed
  // in metric whatever the display, and the state stand.
  const resultsKept = row.results !== null && sameAnswers(content, row.content);
  const total = bytesOfText(content) + (resultsKept ? bytesOfText(row.results) : 0);
  const undo = await charge(total - (row.counted_bytes ?? 0));
  const r = await db
    .updateTable('projects')
    .set({
      content,
      ...(resultsKept ? {} : { results: null, state: keepDecision(row.product_type, 'ongoing') }),
      version: row.version + 1,
      updated_at: now(),
      counted_bytes: raiseMark(total),
      ...columnsOf(row.product_type, steps),
    })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .executeTakeFirst()
    .catch(async (e: unknown) => {
      await undo();
      throw e;
    });
  if (Number(r.numUpdatedRows) === 0) {
    await undo();
    return 'conflict';
  }
  return resultsKept
    ? { changed: true, version: row.version + 1, resultsKept }
    : { changed: true, version: row.version + 1 };
}

/** Whether two stored contents hold the same answers once their unit systems are left out. */
function sameAnswers(a: string, b: string): boolean {
  const strip = (json: string) =>
    JSON.stringify(JSON.parse(json), (k, v: unknown) => (k === 'unit_system' ? undefined : v));
  return strip(a) === strip(b);
}

/** Changes some columns of a project (command, comment, note flags) and stamps updated_at. */
export async function patchProject(
  db: Db,
  id: string,
  patch: Partial<Pick<ProjectTable, 'state' | 'command' | 'comment' | 'extended_properties'>>,
): Promise<void> {
  await db
    .updateTable('projects')
    .set({ ...patch, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/**
 * Stores the results of a calculation of the content at `version` (their JSON text, or a value to
 * serialize) and marks the project calculated, unless an admin has decided on it (a state its workflow
 * keeps stays so). Nothing is stored when the content changed meanwhile: answers false, and the results
 * of an older content never land. A project that already holds these results in that state is
 * not written again (a repeated calculation, or many at once, write once): answers true. What the
 * results and answers hold beyond the project's mark is charged first, and taken back when nothing lands.
 */
export async function saveResults(
  db: Db,
  type: ProductType,
  row: Pick<ProjectTable, 'id' | 'version' | 'content' | 'counted_bytes'>,
  results: string | object,
  charge: Charge = free,
): Promise<boolean> {
  const { id, version } = row;
  const text = typeof results === 'string' ? results : JSON.stringify(results);
  const total = bytesOfText(row.content) + bytesOfText(text);
  const undo = await charge(total - (row.counted_bytes ?? 0));
  const stored = await writeResults(db, type, id, version, text, total).catch(async (e: unknown) => {
    await undo();
    throw e;
  });
  if (!stored) await undo();
  return stored;
}

/** saveResults' one conditional UPDATE, raising the project's mark to `total` bytes. */
async function writeResults(
  db: Db,
  type: ProductType,
  id: string,
  version: number,
  text: string,
  total: number,
): Promise<boolean> {
  const r = await db
    .updateTable('projects')
    .set({
      results: text,
      state: keepDecision(type, 'calculated'),
      updated_at: now(),
      counted_bytes: raiseMark(total),
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .where((w) =>
      w.or([
        w('results', 'is', null),
        w('results', '!=', text),
        w('state', 'not in', ['calculated', ...keptStates(type)]),
      ]),
    )
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1) return true;
  const stored = await db.selectFrom('projects').select('version').where('id', '=', id).executeTakeFirst();
  return stored?.version === version;
}

/**
 * A step of the order workflow (server/workflow): the project leaves `from` for `to` (with its order
 * number when given). One conditional UPDATE on the state read: false when the state changed meanwhile
 * (the caller reads it again and judges anew), so a concurrent order or refusal is never written over.
 */
export async function moveState(
  db: Db | Transaction<Database>,
  id: string,
  from: string,
  to: string,
  command?: string,
): Promise<boolean> {
  const r = await db
    .updateTable('projects')
    .set({ state: to, ...(command === undefined ? {} : { command }), updated_at: now() })
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** What becomes of a deleted project's issued notes: kept as issued, or withdrawn. */
export const NOTES_CHOICES = ['keep', 'withdraw'] as const;
export type NotesChoice = (typeof NOTES_CHOICES)[number];

/**
 * Deletes a project (its files and note draft go with it). Its issued notes stay, each keeping the
 * project's owner (who may still withdraw it or hide the client's details by its code); `notes` says
 * whether they stay issued or are withdrawn, and is required while one of them still stands ('choose'
 * otherwise, nothing deleted). The first project of a group hands the group
 * on to its lowest-numbered variant, so the other variants stay together. The group's first project is
 * held meanwhile (lockGroupOf): a copy made at the same time is handed over with the others, or waits and
 * joins the new group.
 */
export async function deleteProject(
  db: Db,
  dialect: Dialect,
  id: string,
  notes?: NotesChoice,
): Promise<'deleted' | 'choose'> {
  for (let attempt = 0; attempt < 2 * VARIANTS_MAX; attempt += 1) {
    const done = await db.transaction().execute(async (tx) => {
      const me = await lockGroupOf(tx, dialect, id);
      if (me === 'moved') return false;
      if (me === 'gone') return 'deleted';
      // its issued notes still standing outlive it, kept or withdrawn as the author chose (issue 35.6)
      const standing = await tx
        .selectFrom('issued_notes')
        .select('code')
        .where('project_id', '=', id)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
      if (standing && !notes) return 'choose';
      const at = now();
      await tx
        .updateTable('issued_notes')
        .set({ owner: me.owner, project_deleted_at: at })
        .where('project_id', '=', id)
        .execute();
      if (notes === 'withdraw')
        await tx
          .updateTable('issued_notes')
          .set({ withdrawn_at: at })
          .where('project_id', '=', id)
          .where('withdrawn_at', 'is', null)
          .execute();
      const heir = await tx
        .selectFrom('projects')
        .select('id')
        .where('variant_of', '=', id)
        .orderBy('variant_no')
        .executeTakeFirst();
      if (heir) {
        await tx.updateTable('projects').set({ variant_of: null }).where('id', '=', heir.id).execute();
        await tx.updateTable('projects').set({ variant_of: heir.id }).where('variant_of', '=', id).execute();
      }
      await tx.deleteFrom('files').where('project_id', '=', id).execute();
      await tx.deleteFrom('note_drafts').where('project_id', '=', id).execute();
      await tx.deleteFrom('projects').where('id', '=', id).execute();
      return 'deleted';
    });
    if (done) return done;
  }
  throw new Error(`project ${id}: its group kept changing hands while it was deleted`);
}

export const SORTS = [
  'number',
  'name',
  'postcode',
  'city',
  'company',
  'commercial',
  'region',
  'updated_at',
  'created_at',
] as const;
export type Sort = (typeof SORTS)[number];
/** The column a sort reads first: text columns by their key (accents and case aside), then as typed. */
const SORT_KEYS: Partial<Record<Sort, keyof ProjectTable>> = {
  name: 'sort_name',
  city: 'sort_city',
  company: 'sort_company',
  commercial: 'sort_commercial',
  region: 'sort_region',
};
export const PAGE_SIZE = 20;

/** What a history page asks for. */
export interface HistoryQuery {
  dialect: 'sqlite' | 'postgres';
  type: ProductType;
  owner: string | null;
  query: string;
  page: number;
  sort: Sort;
  order: 'ASC' | 'DESC';
}

/**
 * The columns a history row shows (present.ts listRow): not a project's results (up to about 0.5 MB for
 * 200 roofs), which the history never shows. A page of 20 groups of 4 such projects read them whole:
 * about 56 MB read, handed to the server's thread and parsed there (a helper's attack, 2026-11-29: one
 * visitor's own 15 groups, a page 3-7 s of the history reader, the server's thread held 0.8-1.9 s).
 */
export const LISTED_COLUMNS = [
  'id',
  'product_type',
  'state',
  'command',
  'created_at',
  'updated_at',
  'name',
  'postcode',
  'company',
  'commercial',
  'content',
  'extended_properties',
  'variant_of',
  'variant_no',
  'variant_label',
  'number',
] as const;
export type ListedRow = Pick<ProjectTable, (typeof LISTED_COLUMNS)[number]>;

/**
 * The history: projects of a type (of one owner unless `owner` is null), matching `query` in name,
 * postcode, city, company or sales contact (case and accents ignored), sorted, 20 a page from page 1.
 * Pages hold groups: each group's first project, found when it or one of its variants matches, with
 * its variants (by number) in `variants`.
 */
export async function searchProjects(
  db: Db,
  p: HistoryQuery,
): Promise<{ rows: ListedRow[]; total: number; variants: Map<string, ListedRow[]> }> {
  const q = await historyGroups(db, p);
  const { count } = await q.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
  const ids = (await pageIds(q, p).execute()).map((r) => r.id);
  const byId = new Map(
    ids.length
      ? (await db.selectFrom('projects').select(LISTED_COLUMNS).where('id', 'in', ids).execute()).map((r) => [
          r.id,
          r,
        ])
      : [],
  );
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const variants = new Map<string, ListedRow[]>();
  if (rows.length) {
    const members = await db
      .selectFrom('projects')
      .select(LISTED_COLUMNS)
      .where(
        'variant_of',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('variant_no')
      .execute();
    for (const m of members) variants.set(m.variant_of!, [...(variants.get(m.variant_of!) ?? []), m]);
  }
  return { rows, total: Number(count), variants };
}

/** The query of a history page's ids (exported for the test that reads its plan). */
export async function historyPageIdsQuery(db: Db, p: HistoryQuery) {
  return pageIds(await historyGroups(db, p), p);
}

/** The page's ids, from an index of the sort column and in its order (see searchProjects). */
function pageIds(q: Awaited<ReturnType<typeof historyGroups>>, p: HistoryQuery) {
  // The page's ids first, from an index of the sort column (migration 2026_11_25_limits) and in its
  // order (ties by id, the same way), so that skipping to a deep page reads index entries, not rows;
  // then the page's own rows. Names and other texts sort by their key (no case, no accents: 'École'
  // before 'Zénith'), then as typed.
  const dir = p.order === 'ASC' ? 'asc' : 'desc';
  const byKey = SORT_KEYS[p.sort];
  return (byKey ? q.orderBy(byKey, dir) : q)
    .select('id')
    .orderBy(p.sort, dir)
    .orderBy('id', dir)
    .limit(PAGE_SIZE)
    .offset((p.page - 1) * PAGE_SIZE);
}

/** The most words a history search looks for, and the most characters of each (searchTerms). */
export const SEARCH_WORDS_MAX = 8;
export const SEARCH_WORD_LENGTH_MAX = 40;

/**
 * The words a history search looks for, each on its own, so that "saint jerome" finds "Saint-Jérôme" and
 * "bréguières paris" a project of Paris: the normalized query's runs of letters and digits (the query as
 * typed when it has none). Each word is one more condition every candidate row is read for: the route
 * refuses more than SEARCH_WORDS_MAX of them or one longer than SEARCH_WORD_LENGTH_MAX (searchRefusal).
 */
export function searchTerms(query: string): string[] {
  const needle = normalize(query);
  const words = needle.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.length ? words : needle ? [needle] : [];
}

/** Why a history search is refused (too many words, or one too long), or null when it may run. */
export function searchRefusal(query: string): 'words' | 'length' | null {
  const terms = searchTerms(query);
  if (terms.length > SEARCH_WORDS_MAX) return 'words';
  if (terms.some((w) => [...w].length > SEARCH_WORD_LENGTH_MAX)) return 'length';
  return null;
}

/** The groups the history lists: the first projects of a type (and owner) that match the search. */
async function historyGroups(db: Db, p: HistoryQuery) {
  let q = db
    .selectFrom('projects')
    .where('product_type', '=', p.type)
    .where('variant_of', 'is', null)
    // an abandoned start (never named, still ongoing) is no project yet: deleteAbandoned removes it later
    .where((w) => w.or([w('name', '<>', ''), w('state', '<>', 'ongoing')]));
  if (p.owner !== null) q = q.where('owner', '=', p.owner);
  // A group is found when any of its members matches: the matching rows, or the first project of a
  // matching variant. Variants are few: they are matched first (the variant index reads them alone) and
  // their first projects named, so that the search index alone drives the main query.
  const terms = searchTerms(p.query);
  const like = (w: string) =>
    sql<boolean>`search like ${`%${w.replace(/[!%_]/g, (c) => `!${c}`)}%`} escape '!'`;
  const parts: ReturnType<typeof sql<boolean>>[] = [];
  if (p.dialect === 'sqlite' && p.owner === null) {
    // The FTS5 trigram index finds substrings of 3 characters or more; each such word a phrase of its
    // own, all of them required. Shorter words are matched on the row. One owner's history is matched on
    // its rows instead, which the owner's index finds: the trigram index answers every row of the table
    // holding the word, whoever owns it (a visitor's search of 8 words every project holds read 200,000
    // index entries each, 1.3 s of the history reader, against 1 ms on its 100 rows).
    const long = terms.filter((w) => [...w].length >= 3);
    if (long.length) {
      const query = long.map((w) => `"${w.replace(/"/g, '""')}"`).join(' AND ');
      parts.push(sql<boolean>`rowid in (select rowid from projects_fts where projects_fts match ${query})`);
    }
    for (const w of terms) if ([...w].length < 3) parts.push(like(w));
  } else for (const w of terms) parts.push(like(w));
  const match = parts.length ? sql<boolean>`(${sql.join(parts, sql` and `)})` : null;
  if (match) {
    // SQLite is told to read the variants through their index (else it reads every match to find none).
    const from = p.dialect === 'sqlite' ? sql`projects indexed by projects_variant` : sql`projects`;
    const owner = p.owner === null ? sql`` : sql`and owner = ${p.owner}`;
    const found = await sql<{
      variant_of: string;
    }>`select distinct variant_of from ${from} where variant_of is not null and product_type = ${p.type} ${owner} and ${match}`.execute(
      db,
    );
    const heads = found.rows.map((r) => r.variant_of);
    const m = match;
    q = heads.length ? q.where((w) => w.or([m, w('id', 'in', heads)])) : q.where(m);
  }
  return q;
}
