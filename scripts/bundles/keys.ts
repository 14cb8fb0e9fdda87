import type { Bundle, FigureEntries } from '../../engine';

/**
 * Every message key a bundle refers to, with the JSON pointer of its first use: steps, fields, options,
 * rules, and the pages around the wizard (home, side menu, history, results, note).
 */
export function keysOf(bundle: Bundle): Map<string, string> {
  const keys = new Map<string, string>();
  const add = (k: string | undefined, at: string): void => {
    if (k && !keys.has(k)) keys.set(k, at);
  };
  add(bundle.title, '/title');
  add(bundle.description, '/description');
  add(bundle.calculation?.message, '/calculation/message');
  add(bundle.submit, '/submit');
  bundle.steps.forEach((s, si) => {
    const at = `/steps/${si}`;
    add(s.title, `${at}/title`);
    add(s.tab, `${at}/tab`);
    add(s.repeat?.cardTitle, `${at}/repeat/cardTitle`);
    add(s.repeat?.add?.label, `${at}/repeat/add/label`);
    add(s.gate?.question, `${at}/gate/question`);
    (s.totals ?? []).forEach((t, i) => add(t.label, `${at}/totals/${i}/label`));
    (s.checks ?? []).forEach((c, i) => add(c.message, `${at}/checks/${i}/message`));
    for (const [name, f] of Object.entries(s.ui.fields)) {
      const o = f['ui:options'];
      const fat = `${at}/ui/fields/${name}/ui:options`;
      add(o.label, `${fat}/label`);
      add(o.info, `${fat}/info`);
      add(o.placeholder, `${fat}/placeholder`);
      (o.options ?? []).forEach((opt, i) => {
        if (!(opt as { literal?: boolean }).literal) add(opt.label, `${fat}/options/${i}/label`);
      });
      add(o.dataOptions?.first?.label, `${fat}/dataOptions/first/label`);
    }
    for (const [name, r] of Object.entries(s.rules ?? {}))
      (r.check ?? []).forEach((c, i) => add(c.message, `${at}/rules/${name}/check/${i}/message`));
  });
  bundle.home.forEach((c, i) => {
    add(c.title, `/home/${i}/title`);
    add(c.action, `/home/${i}/action`);
  });
  bundle.sidebar.forEach((e, i) => add(e.label, `/sidebar/${i}/label`));
  bundle.history.columns.forEach((c, i) => add(c.label, `/history/columns/${i}/label`));
  bundle.history.actions.forEach((a, i) => {
    const at = `/history/actions/${i}`;
    add(a.label, `${at}/label`);
    add(a.confirm, `${at}/confirm`);
    add(a.prompt?.title, `${at}/prompt/title`);
    add(a.prompt?.submit, `${at}/prompt/submit`);
  });
  (bundle.results.exports ?? []).forEach((e, i) => add(e.label, `/results/exports/${i}/label`));
  (bundle.results.formulas ?? []).forEach((f, i) => {
    add(f.label, `/results/formulas/${i}/label`);
    add(f.unit, `/results/formulas/${i}/unit`);
  });
  bundle.note.sections.forEach((sec, i) => add(sec.title, `/note/sections/${i}/title`));
  const figures = (list: { label: string; unit?: string }[], at: string) =>
    list.forEach((f, i) => {
      add(f.label, `${at}/${i}/label`);
      add(f.unit, `${at}/${i}/unit`);
    });
  if (bundle.preview) {
    figures(bundle.preview.site, '/preview/site');
    figures(bundle.preview.cards?.figures ?? [], '/preview/cards/figures');
  }
  if (bundle.compare) {
    add(bundle.compare.monthly?.label, '/compare/monthly/label');
    add(bundle.compare.monthly?.unit, '/compare/monthly/unit');
  }
  declaredKeys(bundle, add);
  return keys;
}

/**
 * The keys of the declared figures: formats' units, figures' and groups' labels, each verdict's label,
 * its status words and sentences for the statuses it can take, its notes and its rule when constant.
 */
function declaredKeys(bundle: Bundle, add: (k: string | undefined, at: string) => void): void {
  const def = bundle.figures;
  for (const [name, f] of Object.entries(def.formats)) {
    add(f.unit, `/figures/formats/${name}/unit`);
    add(f.deltaUnit, `/figures/formats/${name}/deltaUnit`);
  }
  const labels = (list: { label: string }[], at: string) =>
    list.forEach((f, i) => add(f.label, `${at}/${i}/label`));
  const entries = (list: FigureEntries[], at: string) =>
    list.forEach((e, i) => {
      add(e.label, `${at}/${i}/label`);
      labels(e.figures, `${at}/${i}/figures`);
    });
  labels(def.site, '/figures/site');
  entries(def.entries ?? [], '/figures/entries');
  (def.verdicts ?? []).forEach((v, i) => {
    const at = `/figures/verdicts/${i}`;
    add(v.label, `${at}/label`);
    // the statuses a verdict can take: those its json-logic names, else the design's three
    const named = VERDICT_STATUSES.filter((s) => JSON.stringify(v.status).includes(`"${s}"`));
    for (const s of named.length ? named : ['conform', 'reservations', 'not_conform']) {
      add(`${v.words}${s}`, `${at}/words`);
      if (v.line) add(`${v.line}${s}`, `${at}/line`);
    }
    if (typeof v.rule === 'string') add(v.rule, `${at}/rule`);
    labels(v.figures ?? [], `${at}/figures`);
    (v.notes ?? []).forEach((n, j) => {
      const plural = `${n.message}_other`;
      add(n.texts && Object.keys(n.texts).length ? plural : n.message, `${at}/notes/${j}/message`);
      labels(n.figures ?? [], `${at}/notes/${j}/figures`);
    });
    entries(v.entries ?? [], `${at}/entries`);
  });
}

const VERDICT_STATUSES = ['conform', 'reservations', 'not_conform', 'met', 'not_met'];

/** Keys the engine and the pages produce themselves (errors, units, placeholders). */
export const ENGINE_KEYS = [
  'errors.required',
  'errors.need',
  'errors.select',
  'errors.maxLength',
  'errors.number',
  'errors.integer',
  'errors.phone',
  'errors.email',
  'errors.minimum',
  'errors.minimum_unit',
  'errors.exclusiveMinimum',
  'errors.exclusiveMinimum_unit',
  'errors.maximum',
  'errors.maximum_unit',
  'errors.form_invalid',
  'common.choose_option',
  'units.mm',
  'units.cm',
  'units.in',
  'units.m2',
  'units.ft2',
  'units.m3',
  'units.gal',
  'units.l_s',
  'units.l_s_ha',
];

/** True when `messages` holds a non-empty text at the dotted `key`. */
export function hasKey(messages: unknown, key: string): boolean {
  let cur: unknown = messages;
  for (const seg of key.split('.')) {
    if (cur === null || typeof cur !== 'object') return false;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return typeof cur === 'string' && cur.length > 0;
}

/** Every dotted key of a messages file that holds a text. */
export function allKeys(messages: unknown, prefix = ''): string[] {
  if (messages === null || typeof messages !== 'object' || Array.isArray(messages)) return [];
  return Object.entries(messages as Record<string, unknown>).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : allKeys(v, `${prefix}${k}.`),
  );
}
