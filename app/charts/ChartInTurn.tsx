import { useEffect, useRef, useState, type ComponentProps } from 'react';
import Chart from 'react-apexcharts';
import { useFrame } from '../frame';
import { afterPaint } from '../state/afterPaint';

/** The charts waiting for their turn, in the page's order. */
const waiting: (() => void)[] = [];
let scheduled = false;

/** Draws the next chart waiting once the frame about to be drawn is painted (one chart per task). */
function drawNext() {
  if (scheduled || waiting.length === 0) return;
  scheduled = true;
  afterPaint(() => {
    scheduled = false;
    waiting.shift()?.();
  });
}

type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * The legend's series buttons said in the reader's words: ApexCharts (5.x) labels each one, and labels it
 * again when it is toggled, "<series>, visible. Press Enter or Space to toggle." in English whatever the
 * page's language, with no option to change it.
 */
function sayLegend(box: HTMLElement, t: T) {
  for (const item of box.querySelectorAll<HTMLElement>('.apexcharts-legend-series[aria-label]')) {
    const name = item.querySelector('.apexcharts-legend-text')?.textContent ?? '';
    const hidden = item.getAttribute('aria-pressed') === 'true';
    const said = t('app.charts.legend_item', {
      name,
      state: t(hidden ? 'app.charts.legend_hidden' : 'app.charts.legend_shown'),
    });
    if (item.getAttribute('aria-label') !== said) item.setAttribute('aria-label', said);
  }
}

/**
 * An ApexCharts chart drawn in its turn: the page's `first` chart at once, each of the others once the
 * one before is drawn and painted, in a task of its own. ApexCharts draws a chart in one go (measuring
 * its SVG text, setting attributes): every chart of a results page drawn together held the first one off
 * the screen for as long as they all took. What goes around a chart (its caption, its table) is drawn at
 * once; its box keeps the chart's height meanwhile, so the page does not move.
 */
export function ChartInTurn({
  first = false,
  description,
  ...chart
}: ComponentProps<typeof Chart> & {
  first?: boolean;
  /**
   * What the chart shows, in the reader's words: a screen reader's name for it (ApexCharts' own is
   * "line chart with 2 data series: …", in English).
   */
  description: string;
}) {
  const { t } = useFrame();
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(first);
  // the legend's labels, each time ApexCharts writes them (drawn, redrawn, a series toggled)
  useEffect(() => {
    const el = box.current;
    if (!drawn || !el) return;
    sayLegend(el, t);
    const watch = new MutationObserver(() => sayLegend(el, t));
    watch.observe(el, { subtree: true, childList: true, attributeFilter: ['aria-label'] });
    return () => watch.disconnect();
  }, [drawn, t]);
  useEffect(() => {
    if (drawn) {
      drawNext(); // drawn (ApexCharts' own effect ran first): the next one's turn after this paint
      return;
    }
    let live = true;
    const draw = () => (live ? setDrawn(true) : drawNext());
    waiting.push(draw);
    drawNext();
    return () => {
      live = false;
      const at = waiting.indexOf(draw);
      if (at >= 0) waiting.splice(at, 1);
    };
  }, [drawn]);
  const options = {
    ...chart.options,
    chart: {
      ...chart.options?.chart,
      accessibility: { ...chart.options?.chart?.accessibility, description },
    },
  };
  return drawn ? (
    <div ref={box}>
      <Chart {...chart} options={options} />
    </div>
  ) : (
    <div className="chart-waiting" style={{ minHeight: chart.height }} aria-hidden="true" />
  );
}
