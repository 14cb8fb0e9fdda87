import Chart from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';

export interface AbattementData {
  toitureResults: {
    toiture: { name: string };
    monthlyResults: { abattement: number; respectConsigneAbattement: number }[];
    /** volume-weighted over the year (absent from results stored before method 2.0) */
    annual?: { abattement: number; own?: number; downstream?: number };
  }[];
  pluviometrie: { pluie_precipite: number; evenements_pluvieux: number }[];
  site?: { abattement: number };
}

const BLUE = '#1f6fb2';

/** The annual average of 12 monthly values: their sum divided by 12, rounded down (seed 001 §9). */
export function annualAverage(values: number[]): number {
  return Math.floor(values.reduce((s, v) => s + v, 0) / 12);
}

/**
 * One monthly bar chart per roof (fixed blue, the seed's line: the mean of the twelve monthly values,
 * labelled as such) headed by the roof's annual retention by volume, the figure that counts, and the
 * rainfall chart (rain height on the left axis, rainy days on the right). Loaded only on the results and
 * note pages.
 */
export default function AbattementCharts({
  data,
  t,
  months,
  base,
}: {
  data: AbattementData;
  t: (k: string, p?: Record<string, unknown>) => string;
  months: string[];
  base: boolean;
}) {
  return (
    <div className="charts">
      {data.site ? (
        <p className="results-summary">{t('app.charts.site_annual', { value: data.site.abattement })}</p>
      ) : null}
      {data.toitureResults.map((r) => {
        const values = r.monthlyResults.map((m) => m.abattement);
        const avg = annualAverage(values);
        const options: ApexOptions = {
          chart: { id: `roof-${r.toiture.name}`, toolbar: { show: false }, animations: { enabled: false } },
          colors: [BLUE],
          xaxis: { categories: months },
          yaxis: base
            ? { min: 0, max: 120, title: { text: t('app.charts.abattement') } }
            : { min: 0, title: { text: t('app.charts.abattement') } },
          dataLabels: { enabled: false },
          annotations: {
            yaxis: [
              {
                y: avg,
                borderColor: '#333',
                label: {
                  text: t('app.charts.average_short', { value: avg }),
                  style: { background: '#333', color: '#fff' },
                },
              },
            ],
          },
        };
        return (
          <figure key={r.toiture.name} className="chart">
            <figcaption>
              <strong>{t('app.charts.roof', { name: r.toiture.name })}</strong>
              {r.annual ? <> — {t('app.charts.annual', { value: r.annual.abattement })}</> : null}
              {r.annual?.downstream ? (
                <> ({t('app.charts.annual_split', { own: r.annual.own, downstream: r.annual.downstream })})</>
              ) : null}
              <br />
              <span className="chart-note">{t('app.charts.average', { value: avg })}</span>
            </figcaption>
            <Chart
              type="bar"
              height={260}
              options={options}
              series={[{ name: t('app.charts.abattement'), data: values }]}
            />
          </figure>
        );
      })}
      <figure className="chart">
        <figcaption>{t('app.charts.rainfall')}</figcaption>
        <Chart
          type="line"
          height={260}
          options={{
            chart: { id: 'rainfall', toolbar: { show: false }, animations: { enabled: false } },
            colors: [BLUE, '#e08a00'],
            stroke: { width: [0, 3] },
            xaxis: { categories: months },
            yaxis: [
              base
                ? { min: 0, max: 160, title: { text: t('app.charts.rain') } }
                : { min: 0, title: { text: t('app.charts.rain') } },
              base
                ? { min: 0, max: 14, opposite: true, title: { text: t('app.charts.rainy_days') } }
                : { min: 0, opposite: true, title: { text: t('app.charts.rainy_days') } },
            ],
          }}
          series={[
            {
              name: t('app.charts.rain'),
              type: 'column',
              data: data.pluviometrie.map((p) => p.pluie_precipite),
            },
            {
              name: t('app.charts.rainy_days'),
              type: 'line',
              data: data.pluviometrie.map((p) => p.evenements_pluvieux),
            },
          ]}
        />
      </figure>
    </div>
  );
}
