import { ChartInTurn } from './ChartInTurn';
import { monthAxis } from './monthAxis';
import { DataTable } from '../components/DataTable';
import { numberText } from '../../words/numberText';

/** A colour and a dash per variant, so that the lines part without colour too. */
const COLORS = ['#1f6fb2', '#e08a00', '#2e7d32', '#7b3fa0'];
const DASHES = [0, 6, 2, 10];

/**
 * The variants' monthly series overlaid: one line chart per entry (a roof), a line per variant that has
 * it, and under each chart the table of the values it draws. Loaded only on the comparison page.
 */
export default function CompareCharts({
  charts,
  variants,
  months,
  label,
  max,
  t,
  lang,
}: {
  charts: { name: string; series: (number[] | null)[] }[];
  variants: string[];
  months: string[];
  label: string;
  max: number | undefined;
  t: (k: string, p?: Record<string, unknown>) => string;
  lang: string;
}) {
  return (
    <div className="charts">
      {charts.map((c, n) => {
        const drawn = c.series.flatMap((s, i) => (s ? [{ name: variants[i]!, data: s, i }] : []));
        return (
          <figure className="chart" key={c.name}>
            <figcaption>
              <strong>{t('app.compare.chart', { name: c.name })}</strong>
            </figcaption>
            <ChartInTurn
              description={t('app.compare.chart', { name: c.name })}
              first={n === 0}
              type="line"
              height={260}
              options={{
                chart: { id: `compare-${n}`, toolbar: { show: false }, animations: { enabled: false } },
                colors: drawn.map((d) => COLORS[d.i % COLORS.length]!),
                stroke: { width: 3, dashArray: drawn.map((d) => DASHES[d.i % DASHES.length]!) },
                markers: { size: 4 },
                xaxis: monthAxis(months),
                yaxis: {
                  min: 0,
                  ...(max ? { max } : {}),
                  title: { text: label },
                  labels: { formatter: (v: number) => numberText(v, lang, 0) },
                },
                legend: { position: 'top' },
              }}
              series={drawn.map((d) => ({ name: d.name, data: d.data }))}
            />
            <DataTable
              label={t('app.compare.chart_table', { name: c.name })}
              caption={t('app.compare.chart_table', { name: c.name })}
              table={{
                head: ['', ...months],
                rows: c.series.map((s, i) => [
                  variants[i]!,
                  ...(s ? s.map((v) => numberText(v, lang)) : months.map(() => t('app.compare.absent'))),
                ]),
              }}
            />
          </figure>
        );
      })}
    </div>
  );
}
