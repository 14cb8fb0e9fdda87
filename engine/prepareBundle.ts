import { BundleError, didYouMean } from './BundleError';

/** Problems found so far when collecting (collectProblems); otherwise the first one throws. */
let collected: BundleError[] | null = null;
function fail(at: string, reason: string, hint?: string): void {
  const e = new BundleError(at, reason, hint);
  if (!collected) throw e;
  collected.push(e);
}
import { checkFigures } from './checkFigures';
import { compile, fieldSchema } from './compile';
import { KNOWN_OPERATORS, operatorOf } from './rules';
import type { Bundle, StepDef } from './types';

/** A key as a JSON pointer segment (RFC 6901): '/' in the division operator is written ~1. */
const esc = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

const ROOTS = new Set(['form', 'item', 'index', 'value', 'unit_system']);

const SCOPED = new Set(['map', 'filter', 'reduce', 'all', 'some', 'none']);

/**
 * Walks a json-logic rule: every operator must be known, and each `var` (its path and JSON pointer) goes
 * to `checkVar`. Inside map, filter, reduce, all, some and none the second argument reads each element
 * (`current`, `accumulator`, or the element's own fields): only its operators are checked there.
 */
function walkRule(rule: unknown, at: string, checkVar: ((path: unknown, at: string) => void) | null): void {
  if (Array.isArray(rule)) {
    rule.forEach((r, i) => walkRule(r, `${at}/${i}`, checkVar));
    return;
  }
  const node = operatorOf(rule);
  if (!node) return;
  const { op, args } = node;
  if (!KNOWN_OPERATORS.has(op))
    fail(at, `unknown json-logic operator '${op}'`, didYouMean(op, KNOWN_OPERATORS));
  if (op === 'var') {
    checkVar?.(args[0], at);
    return;
  }
  args.forEach((a, i) => walkRule(a, `${at}/${esc(op)}/${i}`, SCOPED.has(op) && i > 0 ? null : checkVar));
}

/** Checks every operator and every `var` of a form rule; `at` is the rule's JSON pointer. */
function checkRule(rule: unknown, at: string, step: StepDef | undefined, modelPaths: Set<string>): void {
  walkRule(rule, at, (path, at) => {
    if (typeof path !== 'string' || path === '') return;
    const [root = '', ...rest] = path.split('.');
    if (!ROOTS.has(root)) {
      fail(
        at,
        `var '${path}' must start with form, item, index, value or unit_system`,
        didYouMean(root, ROOTS),
      );
      return;
    }
    const inner = rest.join('.');
    if (root === 'item' && inner !== '') {
      const ok = step && bundleStepsAt(step).some((s) => fieldSchema(s.schema, inner) !== undefined);
      if (!ok)
        fail(
          at,
          `var '${path}': the step has no field '${inner}'`,
          step && didYouMean(inner, Object.keys(step.ui.fields)),
        );
    }
    const pattern = inner.replace(/\.\d+(?=\.|$)/g, '.*');
    if (root === 'form' && inner !== '' && !modelPaths.has(pattern))
      fail(at, `var '${path}': the form model has no '${inner}'`, didYouMean(pattern, modelPaths));
  });
}

/** Checks only that every operator of a rule is known (rules over results, whose shape is the calculation's). */
function checkOperators(rule: unknown, at: string): void {
  walkRule(rule, at, null);
}

/** The kinds of result views the renderers' results registry draws (app/results). */
export const RESULT_KINDS = [
  'submit-panel',
  'limiters',
  'summary',
  'monthly-charts',
  'figures',
  'stress',
  'verdict',
] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];

/** What history rows and result views are judged on (json-logic `var` roots of the pages' rules). */
const ROW_ROOTS = new Set(['state', 'command', 'admin', 'note_generated', 'name', 'group_size']);
const VIEW_ROOTS = new Set(['admin']);

/** Checks a rule of the pages (history, results): known operators, `var`s from `roots` only. */
function checkPageRule(rule: unknown, at: string, roots: Set<string>): void {
  walkRule(rule, at, (path, at) => {
    const root = typeof path === 'string' ? path.split('.')[0]! : '';
    if (!roots.has(root)) fail(at, `var '${String(path)}' must be one of ${[...roots].join(', ')}`);
  });
}

/** What the order workflow's rules are judged on: a command's guards, and its words (mail, workbook). */
const STEP_ROOTS = new Set(['state', 'command', 'admin']);
// address and attachments: the mail's (where the project opens, the files sent with it), '' elsewhere
const WORDS_ROOTS = new Set(['project', 'reference', 'name', 'forms', 'results', 'address', 'attachments']);
const CELL_ROOTS = new Set([...WORDS_ROOTS, 'item']);

/** Checks the order workflow: its rules' operators and roots, the states its commands lead to, the paths. */
function checkWorkflow(bundle: Bundle): void {
  const w = bundle.workflow;
  if (!w) return;
  const paths = new Set<string>();
  const path = (p: string, at: string) => {
    if (paths.has(p)) fail(at, `the path '${p}' is served twice`);
    paths.add(p);
  };
  w.kept?.forEach((k, i) => {
    if (!w.states.includes(k))
      fail(`/workflow/kept/${i}`, `'${k}' is not one of the workflow's states`, didYouMean(k, w.states));
  });
  w.transitions.forEach((t, i) => {
    const at = `/workflow/transitions/${i}`;
    for (const k of ['who', 'from', 'to'] as const) checkPageRule(t[k], `${at}/${k}`, STEP_ROOTS);
    if (typeof t.to === 'string' && !w.states.includes(t.to))
      fail(`${at}/to`, `'${t.to}' is not one of the workflow's states`, didYouMean(t.to, w.states));
    if (t.input && t.methods.includes('GET'))
      fail(`${at}/input`, 'a command that takes input is a PATCH or a POST');
    path(t.path, `${at}/path`);
  });
  if (w.comment) path(w.comment.path, '/workflow/comment/path');
  if (w.upload) path(w.upload.path, '/workflow/upload/path');
  if (w.workbook) path(w.workbook.path, '/workflow/workbook/path');
  const text = (x: { when?: unknown; params?: Record<string, unknown> }, at: string) => {
    checkPageRule(x.when, `${at}/when`, WORDS_ROOTS);
    for (const [k, r] of Object.entries(x.params ?? {})) checkPageRule(r, `${at}/params/${k}`, WORDS_ROOTS);
  };
  text(w.mail.subject, '/workflow/mail/subject');
  w.mail.lines.forEach((l, i) => text(l, `/workflow/mail/lines/${i}`));
  if (!w.workbook) return;
  text(w.workbook.file, '/workflow/workbook/file');
  w.workbook.sheets.forEach((sheet, i) => {
    const at = `/workflow/workbook/sheets/${i}`;
    checkPageRule(sheet.when, `${at}/when`, WORDS_ROOTS);
    checkPageRule(sheet.each, `${at}/each`, WORDS_ROOTS);
    sheet.cells?.forEach((c, j) => checkPageRule(c.value, `${at}/cells/${j}/value`, CELL_ROOTS));
    sheet.rows?.forEach((r, j) => {
      checkPageRule(r.when, `${at}/rows/${j}/when`, WORDS_ROOTS);
      r.cells.forEach((c, k) => checkPageRule(c.value, `${at}/rows/${j}/cells/${k}/value`, WORDS_ROOTS));
    });
  });
}

/** Checks that the history's record and row answers name server fields of the bundle's mapped steps. */
function checkHistoryFields(bundle: Bundle): void {
  const mapped = (step: string, field: string, at: { step: string; field: string }) => {
    const sm = bundle.mapping.steps.find((m) => m.step === step);
    if (!sm) {
      const steps = bundle.mapping.steps.map((m) => m.step);
      fail(at.step, `no mapped step '${step}'`, didYouMean(step, steps));
      return;
    }
    const fields = sm.fields.map((f) => f.server);
    if (!fields.includes(field))
      fail(at.field, `the step ${step} maps no server field '${field}'`, didYouMean(field, fields));
  };
  for (const [column, from] of Object.entries(bundle.history.record ?? {})) {
    const at = `/history/record/${column}`;
    mapped(from.step, from.field, { step: `${at}/step`, field: `${at}/field` });
  }
  for (const [step, fields] of Object.entries(bundle.history.answers ?? {})) {
    const at = `/history/answers/${esc(step)}`;
    fields.forEach((field, i) => mapped(step, field, { step: at, field: `${at}/${i}` }));
  }
}

/** Checks the pages around the wizard: history rules, result views, note sections, formulas. */
function checkPages(bundle: Bundle, modelPaths: Set<string>): void {
  bundle.history.badges.forEach((b, i) => {
    for (const k of ['when', 'label', 'tone'] as const)
      checkPageRule(b[k], `/history/badges/${i}/${k}`, ROW_ROOTS);
  });
  bundle.history.actions.forEach((a, i) => checkPageRule(a.when, `/history/actions/${i}/when`, ROW_ROOTS));
  checkHistoryFields(bundle);
  checkPageRule(bundle.results.calculate, '/results/calculate', VIEW_ROOTS);
  checkPageRule(bundle.results.note, '/results/note', VIEW_ROOTS);
  const views = (list: { kind: string; when?: unknown }[], at: string) =>
    list.forEach((v, i) => {
      if (!(RESULT_KINDS as readonly string[]).includes(v.kind))
        fail(
          `${at}/${i}/kind`,
          `unknown result view '${v.kind}' (known: ${RESULT_KINDS.join(', ')})`,
          didYouMean(v.kind, RESULT_KINDS),
        );
      checkPageRule(v.when, `${at}/${i}/when`, VIEW_ROOTS);
    });
  views(bundle.results.views, '/results/views');
  views(bundle.note.views, '/note/views');
  (bundle.results.exports ?? []).forEach((e, i) => {
    checkPageRule(e.when, `/results/exports/${i}/when`, VIEW_ROOTS);
    if (bundle.results.exports!.findIndex((x) => x.format === e.format) !== i)
      fail(`/results/exports/${i}/format`, `the export '${e.format}' is offered twice`);
  });
  bundle.note.sections.forEach((sec, i) => {
    if (sec.step !== undefined && !bundle.steps.some((s) => s.key === sec.step))
      fail(
        `/note/sections/${i}/step`,
        `no step '${sec.step}'`,
        didYouMean(
          sec.step,
          bundle.steps.map((st) => st.key),
        ),
      );
  });
  if (bundle.results.calculation === 'formulas' && !bundle.results.formulas?.length)
    fail('/results/formulas', "a 'formulas' calculation needs its formulas");
  const preview = bundle.preview;
  if (preview) {
    checkPageRule(preview.when, '/preview/when', VIEW_ROOTS);
    (preview.ignores ?? []).forEach((path, i) => {
      if (!modelPaths.has(path))
        fail(`/preview/ignores/${i}`, `the form model has no '${path}'`, didYouMean(path, modelPaths));
    });
    preview.site.forEach((f, i) => checkOperators(f.value, `/preview/site/${i}/value`));
    const cards = preview.cards;
    if (cards) {
      const step = bundle.steps.find((st) => st.key === cards.step);
      if (!step?.repeat)
        fail(
          '/preview/cards/step',
          `no repeated step '${cards.step}'`,
          didYouMean(
            cards.step,
            bundle.steps.filter((st) => st.repeat).map((st) => st.key),
          ),
        );
      cards.figures.forEach((f, i) => checkOperators(f.value, `/preview/cards/figures/${i}/value`));
    }
  }
  (bundle.results.formulas ?? []).forEach((f, i) =>
    checkRule(f.value, `/results/formulas/${i}/value`, undefined, modelPaths),
  );
  checkFigures(bundle, fail, checkOperators);
  if (bundle.compare?.monthly) checkOperators(bundle.compare.monthly.values, '/compare/monthly/values');
}

let stepsByPath: Map<string, StepDef[]> = new Map();
function bundleStepsAt(step: StepDef): StepDef[] {
  return stepsByPath.get(step.path) ?? [step];
}

/** Every path of the local model a rule may read through `form.` ('roofs', 'roofs.*.name', 'project.city'). */
function modelPathsOf(bundle: Bundle): Set<string> {
  const out = new Set<string>(['unit_system']);
  const walk = (schema: StepDef['schema'], prefix: string): void => {
    for (const [k, s] of Object.entries(schema.properties ?? {})) {
      out.add(`${prefix}.${k}`);
      if (s.properties) walk(s, `${prefix}.${k}`);
    }
  };
  for (const step of bundle.steps) {
    out.add(step.path);
    if (step.gate) out.add(step.gate.path);
    walk(step.schema, step.repeat ? `${step.path}.*` : step.path);
  }
  return out;
}

/**
 * Checks what a JSON Schema cannot say about a bundle already shaped like one: every ordered field has a ui
 * entry and a data schema, every rule targets an existing field, uses known operators and reads existing
 * paths, the mapping names existing steps and fields. Then compiles it. Throws a BundleError naming the
 * place. The app's development server uses this alone (no schema compiler, so no eval under the page's
 * CSP); its production build checks every bundle with loadBundle when it is built and then only compiles
 * them (compileBundle); loadBundle adds the meta-schema check for the server and the tests.
 */
/**
 * Every problem prepareBundle finds in a bundle (already valid against the meta-schema), instead of
 * the first: what `npm run bundles:check` prints.
 */
export function collectProblems(bundle: Bundle): BundleError[] {
  collected = [];
  const found = collected;
  try {
    prepareBundle(bundle);
  } catch (e) {
    found.push(
      e instanceof BundleError ? e : new BundleError('', e instanceof Error ? e.message : String(e)),
    );
  } finally {
    collected = null;
  }
  return found;
}

export function prepareBundle(bundle: Bundle): Bundle {
  stepsByPath = new Map();
  for (const s of bundle.steps) stepsByPath.set(s.path, [...(stepsByPath.get(s.path) ?? []), s]);
  const modelPaths = modelPathsOf(bundle);
  const keys = new Set<string>();
  bundle.steps.forEach((step, si) => {
    const at = `/steps/${si}`;
    if (keys.has(step.key) && step.repeat?.mirror === undefined)
      fail(`${at}/key`, `duplicate step key '${step.key}'`);
    keys.add(step.key);
    if (step.repeat?.mirror !== undefined && step.repeat.mirror !== step.path)
      fail(`${at}/repeat/mirror`, `a mirrored step must have path '${step.repeat.mirror}'`);
    if (step.diagram && step.ui.fields[step.diagram.field]?.['ui:widget'] !== 'dataSelect')
      fail(
        `${at}/diagram/field`,
        `the diagram's field '${step.diagram.field}' is not a data select of the step`,
      );
    step.repeat?.paste?.columns.forEach((f, i) => {
      if (!step.ui.fields[f])
        fail(
          `${at}/repeat/paste/columns/${i}`,
          `field '${f}' is not a field of the step`,
          didYouMean(f, Object.keys(step.ui.fields)),
        );
    });
    step.ui['ui:order'].forEach((f, i) => {
      if (!step.ui.fields[f])
        fail(
          `${at}/ui/ui:order/${i}`,
          `field '${f}' has no ui entry`,
          didYouMean(f, Object.keys(step.ui.fields)),
        );
      if (!fieldSchema(step.schema, f))
        fail(`${at}/ui/ui:order/${i}`, `field '${f}' is not in the step schema`);
    });
    for (const f of Object.keys(step.ui.fields)) {
      if (!step.ui['ui:order'].includes(f))
        fail(
          `${at}/ui/fields/${f}`,
          `field '${f}' is missing from ui:order`,
          `add '${f}' to ${at}/ui/ui:order`,
        );
    }
    for (const [f, rules] of Object.entries(step.rules ?? {})) {
      if (!step.ui.fields[f]) fail(`${at}/rules/${f}`, `rules for '${f}', which is not a field of the step`);
      checkRule(rules.condition?.when, `${at}/rules/${f}/condition/when`, step, modelPaths);
      checkRule(rules.readonly, `${at}/rules/${f}/readonly`, step, modelPaths);
      (rules.update ?? []).forEach((u, i) => {
        checkRule(u.when, `${at}/rules/${f}/update/${i}/when`, step, modelPaths);
        checkRule(u.set, `${at}/rules/${f}/update/${i}/set`, step, modelPaths);
      });
      (rules.check ?? []).forEach((c, i) => {
        checkRule(c.when, `${at}/rules/${f}/check/${i}/when`, step, modelPaths);
        for (const [k, p] of Object.entries(c.params ?? {}))
          checkRule(p, `${at}/rules/${f}/check/${i}/params/${k}`, step, modelPaths);
      });
    }
    (step.totals ?? []).forEach((t, i) => checkRule(t.value, `${at}/totals/${i}/value`, step, modelPaths));
    (step.checks ?? []).forEach((c, i) => {
      checkRule(c.when, `${at}/checks/${i}/when`, step, modelPaths);
      // advice is said beside a field: a step has no place to say it, and would keep it silent
      if (c.severity === 0)
        fail(
          `${at}/checks/${i}/severity`,
          "a step's check blocks (2) or leaves the form incomplete (1)",
          "severity 0 (advice) belongs to a field's checks",
        );
    });
    for (const [f, ui] of Object.entries(step.ui.fields)) {
      for (const [i, src] of (ui['ui:options'].dataOptions?.sources ?? []).entries()) {
        if (!modelPaths.has(src.path))
          fail(
            `${at}/ui/fields/${f}/ui:options/dataOptions/sources/${i}/path`,
            `no list '${src.path}' in the form model`,
          );
      }
    }
  });
  if (bundle.calculation)
    checkRule(bundle.calculation.requires, '/calculation/requires', undefined, modelPaths);
  bundle.mapping.steps.forEach((sm, i) => {
    const step = bundle.steps.find((s) => s.key === sm.step);
    if (!step) {
      fail(
        `/mapping/steps/${i}/step`,
        `no step '${sm.step}'`,
        didYouMean(
          sm.step,
          bundle.steps.map((st) => st.key),
        ),
      );
      return;
    }
    sm.fields.forEach((fm, j) => {
      if (fm.root) {
        if (step.repeat || !modelPaths.has(fm.local))
          fail(
            `/mapping/steps/${i}/fields/${j}/local`,
            `root field '${fm.local}' must be a model path mapped from a non-repeating step`,
          );
        return;
      }
      const owner = (stepsByPath.get(step.path) ?? [step]).find((s) => fieldSchema(s.schema, fm.local));
      if (!owner)
        fail(`/mapping/steps/${i}/fields/${j}/local`, `step '${sm.step}' has no field '${fm.local}'`);
    });
    if (sm.links && !modelPaths.has(sm.links.from))
      fail(`/mapping/steps/${i}/links/from`, `no list '${sm.links.from}' in the form model`);
  });
  checkPages(bundle, modelPaths);
  checkWorkflow(bundle);
  // A bundle with problems is not compiled when collecting them (its rules may not compile).
  if (collected?.length) return bundle;
  compile(bundle);
  return bundle;
}
