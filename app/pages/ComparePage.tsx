import { useState } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { compareRows, inputRows, monthlyCharts } from '../../words/compareText';
import { apiErrorText } from '../api/http';
import { DataTable } from '../components/DataTable';
import { Skeleton } from '../components/Skeleton';
import { useFrame } from '../frame';
import type { CompareLoad, CompareMember } from '../pageLoaders';
import { VariantNames } from '../components/VariantNames';
import { FiguresTable } from './compare/FiguresTable';
import { MonthlySection } from './compare/MonthlySection';

type Member = CompareMember;

/**
 * The comparison of a project's variants (?id= any member): the key figures the bundle's `compare`
 * lists side by side with each difference from variant 1 marked (better or worse when the figure says
 * which way is better), the answers that differ, and the monthly series overlaid. A variant not yet
 * calculated is calculated first when it can be; one that cannot says so.
 */
export function ComparePage() {
  const { calc, calculator, t, locale } = useFrame();
  const def = calculator.bundle.compare;
  // the variants, calculated, came with the route (app/loaders.ts compareLoader)
  const load = useLoaderData() as CompareLoad;
  const { id, system } = load;
  // named here since: the names given on this page
  const [named, setNamed] = useState<{ of: CompareLoad; members: Member[] | null }>({
    of: load,
    members: load.members,
  });
  const members = named.of === load ? named.members : load.members;
  const error = load.error ? apiErrorText(load.error, t) : null;

  const title = <h1>{t('app.compare.title')}</h1>;
  if (!def || !id)
    return (
      <main className="page page-compare">
        {title}
        <p role="alert">{t('app.calc_no_id')}</p>
      </main>
    );
  if (error)
    return (
      <main className="page page-compare">
        {title}
        <p role="alert">{error}</p>
      </main>
    );
  if (!members)
    return (
      <main className="page page-compare">
        {title}
        <Skeleton label={t('app.loading')} blocks={2} />
      </main>
    );

  const labels = members.map((m) =>
    m.project.variant.label
      ? t('app.variants.named', { no: m.project.variant.no, label: m.project.variant.label })
      : t('app.variants.label', { no: m.project.variant.no }),
  );
  const results = members.map((m) => m.results);
  const figures = compareRows(calculator.bundle.figures, def.figures, results, system, t, locale);
  const inputs = inputRows(
    members.map((m) => m.state),
    t,
    locale,
    calculator.bundle.figures,
  );
  const charts = def.monthly ? monthlyCharts(def.monthly, results) : [];
  const name = (m: Member) => m.project.name ?? '';
  return (
    <main className="page page-compare">
      {title}
      <p className="compare-project">{name(members[0]!) || t('app.history_page.unnamed')}</p>
      {members.length < 2 ? (
        <p className="notice notice-info" role="status">
          {t('app.compare.only_one')}
        </p>
      ) : (
        <p>{t('app.compare.intro')}</p>
      )}
      {members
        .filter((m) => !m.results)
        .map((m) => (
          <p key={m.project.id} className="notice notice-warning" role="status">
            {t('app.compare.not_calculated_note', { no: m.project.variant.no })}
          </p>
        ))}
      <VariantNames
        api={calculator.api}
        t={t}
        members={members.map((m) => ({
          id: m.project.id,
          no: m.project.variant.no,
          label: m.project.variant.label ?? null,
        }))}
        onNamed={(mid, label) =>
          setNamed({
            of: load,
            members: members.map((m) =>
              m.project.id === mid
                ? { ...m, project: { ...m.project, variant: { ...m.project.variant, label } } }
                : m,
            ),
          })
        }
      />
      <FiguresTable members={members} labels={labels} figures={figures} />
      {members.length > 1 ? (
        <section aria-labelledby="compare-inputs">
          <h2 id="compare-inputs">{t('app.compare.inputs')}</h2>
          {inputs.length ? (
            <DataTable
              figures={false}
              label={t('app.compare.inputs')}
              table={{
                head: [t('app.compare.answer'), ...labels],
                rows: inputs.map((r) => [r.label, ...r.cells]),
              }}
            />
          ) : (
            <p>{t('app.compare.same_inputs')}</p>
          )}
        </section>
      ) : null}
      {charts.length && def.monthly ? (
        <MonthlySection monthly={def.monthly} charts={charts} labels={labels} />
      ) : null}
      <footer className="wizard-footer">
        <Link className="button-secondary" to={`/${calc}/history`}>
          {t('app.history')}
        </Link>
      </footer>
    </main>
  );
}
