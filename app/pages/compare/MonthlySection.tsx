import { lazy, Suspense } from 'react';
import type { Bundle } from '../../../engine';
import type { monthlyCharts } from '../../../words/compareText';
import { monthNames } from '../../../words/dates';
import { Skeleton } from '../../components/Skeleton';
import { useFrame } from '../../frame';

const CompareCharts = lazy(() => import('../../charts/CompareCharts'));

/** The variants' monthly series overlaid, one chart per series the bundle's `compare.monthly` names. */
export function MonthlySection({
  monthly,
  charts,
  labels,
}: {
  monthly: NonNullable<NonNullable<Bundle['compare']>['monthly']>;
  charts: ReturnType<typeof monthlyCharts>;
  labels: string[];
}) {
  const { t, locale } = useFrame();
  return (
    <section aria-labelledby="compare-monthly">
      <h2 id="compare-monthly">{t('app.compare.monthly')}</h2>
      <Suspense fallback={<Skeleton label={t('app.loading')} blocks={2} />}>
        <CompareCharts
          key={locale}
          charts={charts}
          variants={labels}
          months={monthNames(locale)}
          label={t(monthly.label)}
          max={monthly.max}
          t={t}
          lang={locale}
        />
      </Suspense>
    </section>
  );
}
