/**
 * The results views: one component per file in this folder, and here their registry, which a bundle's
 * `results.views` names by kind (engine RESULT_KINDS).
 */
import { Fragment } from 'react';
import { evaluate, truthy, type ResultKind, type ResultView } from '../../engine';
import type { Results } from '../../words/results';
import { KeyFigures, VerdictsView } from './FiguresViews';
import { LimitersView } from './LimitersView';
import { MonthlyCharts, preloadCharts } from './MonthlyCharts';
import { StressView } from './StressView';
import { SubmitPanel } from './SubmitPanel';
import { SummaryView } from './SummaryView';

/** How a view is drawn: the component, and whether it shows calculated results. */
interface Entry {
  needsResults: boolean;
  /** draws ApexCharts charts that the PDF note embeds as images (ids 'rainfall', 'roof-<name>') */
  charts?: boolean;
  /** fetches the code it draws with, when that is loaded on demand */
  preload?: () => Promise<unknown>;
  draw: (p: { view: ResultView; results: Results | null }) => React.ReactNode;
}

/** The results registry: every kind of result view a bundle may list (engine RESULT_KINDS). */
export const RESULT_VIEWS: Record<ResultKind, Entry> = {
  'submit-panel': { needsResults: false, draw: () => <SubmitPanel /> },
  limiters: {
    needsResults: true,
    draw: ({ view, results }) => <LimitersView r={results!} quote={view.quote === true} />,
  },
  summary: {
    needsResults: true,
    draw: ({ view, results }) => <SummaryView r={results!} workbook={view.workbook === true} />,
  },
  'monthly-charts': {
    needsResults: true,
    charts: true,
    preload: preloadCharts,
    draw: ({ view, results }) => <MonthlyCharts r={results!} view={view} />,
  },
  figures: { needsResults: true, draw: ({ results }) => <KeyFigures results={results} /> },
  stress: { needsResults: true, draw: ({ results }) => <StressView r={results!} /> },
  verdict: { needsResults: true, draw: ({ results }) => <VerdictsView results={results} /> },
};

/**
 * A bundle's result views, in order: each drawn by its registry entry when its `when` holds for
 * {admin}, and only once there are results when it shows them.
 */
export function ResultViews({
  views,
  results,
  admin,
}: {
  views: ResultView[];
  results: Results | null;
  admin: boolean;
}) {
  return views.map((view, i) => {
    const entry = RESULT_VIEWS[view.kind as ResultKind];
    if (view.when !== undefined && !truthy(evaluate(view.when, { admin }))) return null;
    if (entry.needsResults && !results) return null;
    return <Fragment key={`${view.kind}-${i}`}>{entry.draw({ view, results })}</Fragment>;
  });
}

/** Fetches the code the views draw with (the charts' library), ahead of the results. */
export function preloadViews(views: ResultView[]): Promise<unknown> {
  return Promise.all(views.map((v) => RESULT_VIEWS[v.kind as ResultKind].preload?.()));
}

/** Whether any of the views draws charts the PDF note embeds as images. */
export function drawsCharts(views: ResultView[]): boolean {
  return views.some((v) => RESULT_VIEWS[v.kind as ResultKind].charts === true);
}
