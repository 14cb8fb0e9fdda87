import { Suspense } from 'react';
import type { ResultView } from '../../engine';
import { monthNames } from '../../words/dates';
import { isAbattementResults, type Results } from '../../words/results';
import { Skeleton } from '../components/Skeleton';
import { useFrame } from '../frame';
import { onDemand } from './onDemand';
import { useFigures } from './useFigures';

const charts = onDemand(
  () => import('../charts/AbattementCharts'),
  (m) => m.default,
);
const AbattementCharts = charts.Component;
/** Fetches the charts' code (ApexCharts) ahead of the results. */
export const preloadCharts = charts.preload;

/** The monthly charts of an abattement calculation, with the axes' upper bounds the bundle gives. */
export function MonthlyCharts({ r, view }: { r: Results; view: ResultView }) {
  const { t, locale } = useFrame();
  const w = useFigures();
  if (!isAbattementResults(r)) return null;
  return (
    <Suspense fallback={<Skeleton label={t('app.loading')} blocks={2} />}>
      <AbattementCharts
        key={`${locale}-${w.system}`}
        w={w}
        data={r}
        t={t}
        months={monthNames(locale)}
        axes={(view.axes as Record<string, number> | undefined) ?? {}}
      />
    </Suspense>
  );
}
