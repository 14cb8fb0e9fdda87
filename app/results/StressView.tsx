import { stressTable, stressWords } from '../../words/resultsText';
import { isAbattementResults, type Results } from '../../words/results';
import { DataTable } from '../components/DataTable';
import { useFrame } from '../frame';
import { useFigures } from './useFigures';

/** The climate-stress sensitivity: the site under 10 % and 20 % more rain, beside the reference. */
export function StressView({ r }: { r: Results }) {
  const { t } = useFrame();
  const w = useFigures();
  if (!isAbattementResults(r)) return null;
  const table = stressTable(r, w, t);
  if (!table) return null;
  return (
    <div className="results-stress">
      <h2>{t('app.stress.title')}</h2>
      {stressWords(r, w, t).map((x) => (
        <p key={x}>{x}</p>
      ))}
      <DataTable label={t('app.stress.title')} table={table} />
    </div>
  );
}
