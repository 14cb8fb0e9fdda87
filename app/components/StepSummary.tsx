import type { StepState } from '../../engine';
import { tr } from '../../renderers';
import { fieldText, isShown } from '../../words/fieldText';
import { useFrame } from '../frame';

/** A step's data as the note and the review show it: every visible, filled field with its label, value and unit. */
export function StepSummary({ step }: { step: StepState }) {
  const { t, locale } = useFrame();
  return (
    <>
      {step.cards.map((c) => (
        <div key={c.index}>
          {step.repeat ? <h3 className="note-card-title">{tr(t, c.title)}</h3> : null}
          <dl className="note-fields">
            {c.fields.filter(isShown).map((f) => (
              <div key={f.path}>
                <dt>{t(f.label)}</dt>
                <dd>{fieldText(f, t, locale)}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </>
  );
}
