import { didYouMean } from './BundleError';
import type { Bundle, FigureDef, FigureEntries } from './types';

/**
 * The checks of a bundle's declared figures (issues 36 and 37) that its meta-schema cannot make: at
 * least one key figure (a calculator that declares none would be verified on nothing), every format a
 * figure names declared, keys unique within their list, the comparison's figures among the key figures,
 * every json-logic operator known. Exports `checkFigures`, run by prepareBundle.
 */
type Fail = (at: string, reason: string, hint?: string) => void;
type Operators = (rule: unknown, at: string) => void;

export function checkFigures(bundle: Bundle, fail: Fail, operators: Operators): void {
  const def = bundle.figures;
  const formats = Object.keys(def.formats);
  const figures = (list: FigureDef[], at: string) => {
    const seen = new Set<string>();
    list.forEach((f, i) => {
      if (seen.has(f.key)) fail(`${at}/${i}/key`, `two figures are keyed '${f.key}'`);
      seen.add(f.key);
      if (!def.formats[f.format])
        fail(
          `${at}/${i}/format`,
          `no format '${f.format}' in figures.formats`,
          didYouMean(f.format, formats),
        );
      operators(f.value, `${at}/${i}/value`);
      if (f.when !== undefined) operators(f.when, `${at}/${i}/when`);
    });
  };
  const entries = (list: FigureEntries[], at: string) =>
    list.forEach((e, i) => {
      operators(e.name, `${at}/${i}/name`);
      figures(e.figures, `${at}/${i}/figures`);
    });
  if (def.site.length === 0)
    fail('/figures/site', 'no key figure: the note and its verification need the figures the results print');
  figures(def.site, '/figures/site');
  entries(def.entries ?? [], '/figures/entries');
  (def.verdicts ?? []).forEach((v, i) => {
    const at = `/figures/verdicts/${i}`;
    operators(v.status, `${at}/status`);
    if (v.findings !== undefined) operators(v.findings, `${at}/findings`);
    if (v.rule !== undefined) operators(v.rule, `${at}/rule`);
    figures(v.figures ?? [], `${at}/figures`);
    (v.notes ?? []).forEach((n, j) => {
      if (n.when !== undefined) operators(n.when, `${at}/notes/${j}/when`);
      figures(n.figures ?? [], `${at}/notes/${j}/figures`);
    });
    entries(v.entries ?? [], `${at}/entries`);
  });
  // the live preview's figures are written as the results write the same kind
  const preview = bundle.preview;
  [
    ...(preview?.site ?? []).map((f, i) => [f, `/preview/site/${i}/format`] as const),
    ...(preview?.cards?.figures ?? []).map((f, i) => [f, `/preview/cards/figures/${i}/format`] as const),
  ].forEach(([f, at]) => {
    if (f.format !== undefined && !def.formats[f.format])
      fail(at, `no format '${f.format}' in figures.formats`, didYouMean(f.format, formats));
  });
  for (const [quantity, name] of Object.entries(def.answers ?? {}))
    if (!def.formats[name])
      fail(
        `/figures/answers/${quantity}`,
        `no format '${name}' in figures.formats`,
        didYouMean(name, formats),
      );
  const keys = def.site.map((f) => f.key);
  (bundle.compare?.figures ?? []).forEach((k, i) => {
    if (!keys.includes(k))
      fail(`/compare/figures/${i}`, `no key figure '${k}' in figures.site`, didYouMean(k, keys));
  });
}
