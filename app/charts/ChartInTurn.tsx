import { useEffect, useState, type ComponentProps } from 'react';
import Chart from 'react-apexcharts';
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

/**
 * An ApexCharts chart drawn in its turn: the page's `first` chart at once, each of the others once the
 * one before is drawn and painted, in a task of its own. ApexCharts draws a chart in one go (measuring
 * its SVG text, setting attributes): every chart of a results page drawn together held the first one off
 * the screen for as long as they all took. What goes around a chart (its caption, its table) is drawn at
 * once; its box keeps the chart's height meanwhile, so the page does not move.
 */
export function ChartInTurn({ first = false, ...chart }: ComponentProps<typeof Chart> & { first?: boolean }) {
  const [drawn, setDrawn] = useState(first);
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
  return drawn ? (
    <Chart {...chart} />
  ) : (
    <div className="chart-waiting" style={{ minHeight: chart.height }} aria-hidden="true" />
  );
}
