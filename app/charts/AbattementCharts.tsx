import { useState } from 'react';
import { monthAxis } from './monthAxis';
import { DataTable } from '../components/DataTable';
import { ChartInTurn } from './ChartInTurn';
import type { ApexOptions } from 'apexcharts';
import type { FigureWriter } from '../../words/figures';
import { numberText } from '../../words/numberText';
import { monthlyTable, rainfallTable, rainLabels } from '../../words/resultsText';
import type { AbattementResults, RoofResult } from '../../words/results/abattement';

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
  axes,
  w,
}: {
  data: AbattementResults;
  t: (k: string, p?: Record<string, unknown>) => string;
  months: string[];
  /** upper bounds of the axes (retention %, rain mm, rainy days); each absent one is automatic */
  axes: { retention?: number; rain?: number; days?: number };
  /** the bundle's figures in the project's units (the rain in mm or inches) and the page's language */
  w: FigureWriter;
}) {
  const { lang, system } = w;
  const rain = rainfallTable(data, months, w, t);
  const labels = rainLabels(w, t);
  const rainMax = axes.rain === undefined ? undefined : (w.value('rain', axes.rain) ?? undefined);
  const rainCaption = data.measured
    ? t('app.charts.rainfall_measured', {
        station: data.measured.station?.name ?? t('rain.no_station'),
        from: data.measured.first_year,
        to: data.measured.last_year,
        years: data.measured.years_used,
      })
    : t('app.charts.rainfall');
  return (
    <div className="charts">
      {data.toitureResults.map((r, i) => (
        <RoofChart
          key={r.toiture.name}
          roof={r}
          t={t}
          months={months}
          max={axes.retention ?? 100}
          w={w}
          first={i === 0}
        />
      ))}
      <figure className="chart">
        <figcaption>{rainCaption}</figcaption>
        <ChartInTurn
          description={rainCaption}
          first={data.toitureResults.length === 0}
          type="line"
          height={260}
          options={{
            chart: { id: 'rainfall', toolbar: { show: false }, animations: { enabled: false } },
            colors: [BLUE, '#e08a00'],
            stroke: { width: [0, 3] },
            xaxis: monthAxis(months),
            yaxis: [
              {
                min: 0,
                ...(rainMax ? { max: rainMax } : {}),
                title: { text: labels.rain },
                labels: { formatter: (v: number) => numberText(v, lang, system === 'IMPERIAL' ? 1 : 0) },
              },
              {
                min: 0,
                ...(axes.days ? { max: axes.days } : {}),
                opposite: true,
                title: { text: labels.days },
                labels: { formatter: (v: number) => numberText(v, lang, 1) },
              },
            ],
          }}
          series={[
            {
              name: labels.rain,
              type: 'column',
              data: data.pluviometrie.map((p) => w.value('rain', p.pluie_precipite)),
            },
            {
              name: labels.days,
              type: 'line',
              data: data.pluviometrie.map((p) => p.evenements_pluvieux),
            },
          ]}
        />
        <DataTable
          label={t('app.results_view.rain_table')}
          caption={t('app.results_view.rain_table')}
          table={rain}
        />
      </figure>
    </div>
  );
}

type Series = 'abattement' | 'target';

/**
 * One roof: its annual retention by volume as the heading, a switch between the monthly retention and
 * the monthly share of rainy days meeting the target, the chart (with the seed's line, the mean of the
 * months, on the retention series) and the table of both series.
 */
function RoofChart({
  roof: r,
  t,
  months,
  max,
  w,
  first,
}: {
  roof: RoofResult;
  t: (k: string, p?: Record<string, unknown>) => string;
  months: string[];
  max: number;
  w: FigureWriter;
  /** the page's first chart: drawn at once, the others in turn (ChartInTurn) */
  first: boolean;
}) {
  const { lang } = w;
  const [series, setSeries] = useState<Series>('abattement');
  const retention = r.monthlyResults.map((m) => m.abattement);
  const values =
    series === 'abattement' ? retention : r.monthlyResults.map((m) => m.respectConsigneAbattement);
  const label = t(series === 'abattement' ? 'app.charts.abattement' : 'app.note_page.target_met');
  const avg = annualAverage(retention);
  const options: ApexOptions = {
    chart: { id: `roof-${r.toiture.name}`, toolbar: { show: false }, animations: { enabled: false } },
    colors: [series === 'abattement' ? BLUE : '#2e7d32'],
    xaxis: monthAxis(months),
    yaxis: {
      min: 0,
      max,
      title: { text: label },
      labels: { formatter: (v: number) => numberText(v, lang, 0) },
    },
    dataLabels: { enabled: false },
    annotations: {
      yaxis:
        series === 'abattement'
          ? [
              {
                y: avg,
                borderColor: '#333',
                label: {
                  text: t('app.charts.average_short', { value: avg }),
                  style: { background: '#333', color: '#fff' },
                },
              },
            ]
          : [],
    },
  };
  const group = `series-${r.toiture.name}`;
  return (
    <figure className="chart">
      <figcaption>
        <strong>{t('app.charts.roof', { name: r.toiture.name })}</strong>
        {r.annual ? <> — {t('app.charts.annual', { value: w.text('share', r.annual.abattement) })}</> : null}
        {r.annual?.downstream ? (
          <>
            {' '}
            (
            {t('app.charts.annual_split', {
              own: w.text('share', r.annual.own),
              downstream: w.text('share', r.annual.downstream),
            })}
            )
          </>
        ) : null}
        <br />
        <span className="chart-note">{t('app.charts.average', { value: avg })}</span>
      </figcaption>
      <fieldset className="series-switch">
        <legend>{t('app.results_view.series')}</legend>
        {(['abattement', 'target'] as const).map((k) => (
          <label key={k}>
            <input type="radio" name={group} value={k} checked={series === k} onChange={() => setSeries(k)} />{' '}
            {t(k === 'abattement' ? 'app.results_view.series_abattement' : 'app.results_view.series_target')}
          </label>
        ))}
      </fieldset>
      <ChartInTurn
        description={t('app.charts.roof_series', { name: r.toiture.name, series: label })}
        first={first}
        type="bar"
        height={260}
        options={options}
        series={[{ name: label, data: values }]}
      />
      <DataTable
        label={t('app.results_view.table', { name: r.toiture.name })}
        caption={t('app.results_view.table', { name: r.toiture.name })}
        table={monthlyTable(r, months, w, t)}
      />
    </figure>
  );
}
