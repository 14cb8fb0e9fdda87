/**
 * What the public verification page is told of an issued note's figures and verdicts, against the same
 * answers calculated today (server/verify/compare.ts writes it, app/pages/verify reads it): types only.
 */

/** A key figure as issued and today; `today` null when the answers were not calculated again. */
export interface ComparedFigure {
  key: string;
  label: string;
  issued: string;
  today: string | null;
  delta?: string;
  differs: boolean;
}

/** What the page shows of a verdict: its status in words and tone, its sentences. */
export interface VerdictWords {
  words: string;
  tone: 'success' | 'warning' | 'error' | 'none';
  lines: string[];
}

/** A verdict as issued and today (null: not calculated again), in words. */
export interface ComparedVerdict {
  key: string;
  label: string;
  issued: VerdictWords;
  today: VerdictWords | null;
  differs: boolean;
}

/** A figure of the note's tables (a roof's, a month's) that differs: where it is, as issued and today. */
export interface ComparedDetail {
  where: string;
  label: string;
  issued: string;
  today: string;
  delta?: string;
}
