import type { FormState } from '../../engine';
import { fieldText, isShown } from '../../words/fieldText';
import { numberText } from '../../words/numberText';

type T = (key: string, params?: Record<string, unknown>) => string;

/** One line of what is sent to the sales team: its label and its value, in the reader's words. */
export interface SentLine {
  key: string;
  label: string;
  value: string;
}

/**
 * What a project sent to the sales team is summed up by (the submit panel before sending, the
 * confirmation after): the first answers of each single step, the number of cards of the repeated step
 * with its totals, and the e-mail address the team answers (the first e-mail field's).
 */
export function sentSummary(state: FormState, t: T, locale: string): { lines: SentLine[]; email: string } {
  const fields = state.steps
    .filter((st) => !st.repeat)
    .flatMap((st) => st.cards[0]?.fields.filter(isShown).slice(0, 4) ?? []);
  const repeated = state.steps.find((st) => st.repeat);
  const lines = fields.map((f) => ({ key: f.path, label: t(f.label), value: fieldText(f, t, locale) }));
  if (repeated)
    lines.push({
      key: repeated.key,
      label: t('app.sl_results.roofs_count'),
      value: `${repeated.cards.length}${repeated.totals
        .map((x) => ` · ${t(x.label)} ${numberText(x.value, locale)}${x.unit ? ` ${t(x.unit)}` : ''}`)
        .join('')}`,
    });
  return { lines, email: String(fields.find((f) => f.kind === 'email')?.value ?? '') };
}

/** The lines of what is (or was) sent, as a description list. */
export function SentList({ lines }: { lines: SentLine[] }) {
  return (
    <dl className="sent-summary">
      {lines.map((x) => (
        <div key={x.key}>
          <dt>{x.label}</dt>
          <dd>{x.value}</dd>
        </div>
      ))}
    </dl>
  );
}
