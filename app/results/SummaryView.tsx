import { isAbattementResults, type Results } from '../../words/results';
import { resultsXlsxUrl } from '../api/projects';
import { ResultsSummary } from '../components/ResultsSummary';
import { useFrame } from '../frame';
import { useFrameWizard } from '../state/useWizard';
import { useFigures } from './useFigures';

/** The annual summary of an abattement calculation, with its workbook when the bundle offers it. */
export function SummaryView({ r, workbook }: { r: Results; workbook: boolean }) {
  const { t, locale, calculator } = useFrame();
  const { project_id: id, version } = useFrameWizard().session;
  const w = useFigures();
  if (!isAbattementResults(r)) return null;
  return (
    <ResultsSummary
      results={r}
      w={w}
      t={t}
      xlsxUrl={workbook && id ? resultsXlsxUrl(calculator.api, id, locale, version) : null}
    />
  );
}
