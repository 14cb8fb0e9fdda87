import { stressTable } from '../../words/resultsText';
import { isAbattementResults, type Results } from '../../words/results';
import { DataTable } from '../components/DataTable';
import { useFrame } from '../frame';
import { useFigures } from './useFigures';

/** The climate-stress sensitivity: the site under 10 % and 20 % more rain, beside the reference. */
export function StressView({ r }: { r: Results }) {
  const { t } = useFrame();
  const w = useFigures();
  const table = isAbattementResults(r) ? stressTable(r, w, t) : null;
  if (!table) return null;
  return (
    <div className="results-stress">
      <h2>{t('app.stress.title')}</h2>
      <p>{t('app.stress.intro')}</p>
      <DataTable label={t('app.stress.title')} table={table} />
    </div>
  );
}
