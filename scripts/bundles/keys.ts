import type { Bundle } from '../../engine';

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
    figures(bundle.compare.figures, '/compare/figures');
    add(bundle.compare.monthly?.label, '/compare/monthly/label');
    add(bundle.compare.monthly?.unit, '/compare/monthly/unit');
  }
  return keys;
}

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
