import { evaluate, truthy, type Bundle, type WorkflowText } from '../../engine';
import type { ProjectTable } from '../db/database';
import { i18nOf } from '../i18n';
import { optionLabels } from '../projects/optionLabels';
import { bundleOfProduct, type ProductType } from '../projects/products';

/**
 * The reference a client quotes for a sent project: its readable number (the one the history, the note
 * and the Excel file show); a project without one (loaded in bulk) gives the first 8 characters of its
 * id, in capitals.
 */
export function referenceOf(row: { id: string; number: number | null }): string {
  return row.number ? String(row.number) : row.id.slice(0, 8).toUpperCase();
}

/** What the workflow's words read (json-logic data of its texts and cells). */
export interface WorkflowData {
  project: Omit<ProjectTable, 'content' | 'results' | 'search'>;
  reference: string;
  /** the project's name, or the mail's word for a project without one */
  name: string;
  /** each step's forms (server field names), [] for a step without any */
  forms: Record<string, Record<string, unknown>[]>;
  results: Record<string, unknown> | null;
  /** where the sales team opens the project (the service's address), '' when unknown */
  address: string;
  /** the files sent with the project (the client's uploads), by name, '' when none */
  attachments: string;
}

/** The words of a product's workflow, in its workflow's language (the sales team's). */
export interface WorkflowWords {
  t: (key: string, params?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
  /** a form option's label (a profile, a roof type), or null when the value is no option */
  option: (value: string) => string | null;
  /** the language of the words (the workflow's) */
  lang: string;
}

export function workflowWords(type: ProductType): WorkflowWords {
  const bundle: Bundle = bundleOfProduct(type);
  const { i18n } = i18nOf(type, bundle.workflow?.locale);
  const options = optionLabels(bundle);
  return {
    t: (key, params) => i18n.t(key, params ?? {}),
    exists: (key) => i18n.exists(key),
    lang: i18n.language,
    option: (value) => {
      const o = options.get(value);
      return o ? (o.literal ? o.label : i18n.t(o.label)) : null;
    },
  };
}

/** The data a workflow's texts and cells are judged on, read from a stored project. */
export function workflowData(
  bundle: Bundle,
  row: ProjectTable,
  words: WorkflowWords,
  sent: { address?: string; files?: string[] } = {},
): WorkflowData {
  const steps = JSON.parse(row.content) as Record<string, { forms?: { form?: Record<string, unknown> }[] }>;
  const forms = Object.fromEntries(
    bundle.steps.map((s) => [s.key, (steps[s.key]?.forms ?? []).map((f) => f.form ?? {})]),
  );
  const { content: _c, results: _r, search: _s, ...project } = row;
  const unnamed = bundle.workflow?.mail.unnamed;
  return {
    project,
    reference: referenceOf(row),
    name: row.name || (unnamed ? words.t(unnamed) : ''),
    forms,
    results: row.results ? (JSON.parse(row.results) as Record<string, unknown>) : null,
    address: sent.address ?? '',
    attachments: (sent.files ?? []).join(', '),
  };
}

/** A json-logic rule of the workflow judged on `data`. */
export const judge = (rule: unknown, data: object): unknown => evaluate(rule, data);

/** A guard or a `when`: true when absent, else its json-logic truth. */
export const holds = (rule: unknown, data: object): boolean =>
  rule === undefined || truthy(evaluate(rule, data));

/** A workflow text in words: its key translated with its parameters (blank ones as empty text). */
export function textOf(text: WorkflowText, data: object, words: WorkflowWords): string {
  const params = Object.fromEntries(
    Object.entries(text.params ?? {}).map(([k, rule]) => {
      const v = judge(rule, data);
      return [k, v === null || v === undefined ? '' : v];
    }),
  );
  return words.t(text.key, params);
}

/** The workflow's mail of a project: subject and body, each line left out when its `when` is false. */
export function mailOf(
  bundle: Bundle,
  data: WorkflowData,
  words: WorkflowWords,
): { subject: string; body: string } {
  const mail = bundle.workflow!.mail;
  return {
    subject: textOf(mail.subject, data, words),
    body: mail.lines
      .filter((l) => holds(l.when, data))
      .map((l) => textOf(l, data, words))
      .filter(Boolean)
      .join('\n'),
  };
}
