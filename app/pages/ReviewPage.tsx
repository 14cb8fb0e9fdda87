import { Link, Navigate, useNavigate } from 'react-router-dom';
import { canCalculate } from '../../engine';
import { StepIcon } from '../../renderers/StepIcon';
import { StepSummary } from '../components/StepSummary';
import { useFrame } from '../frame';
import { useFrameWizard } from '../state/useWizard';

/**
 * Check your answers (a bundle's `review`): every step's answers with a link back to change them, then the
 * button that runs the calculation. Reached from the wizard's last step once it may be calculated; an
 * unsaved or incomplete project goes back to the wizard.
 */
export function ReviewPage() {
  const { calc, calculator, t } = useFrame();
  const w = useFrameWizard();
  const bundle = calculator.bundle;
  const navigate = useNavigate();
  const review = bundle.review;
  if (!review || !w.session.project_id || !canCalculate(bundle, w.state, w.statuses).ok)
    return <Navigate to={`/${calc}/calculator`} replace />;
  return (
    <main className="page page-review">
      <h1>{t(review.title)}</h1>
      <p>{t(review.intro)}</p>
      {w.state.steps.map((step, i) =>
        step.cards.length > 0 ? (
          <section key={step.key} className="review-step" aria-labelledby={`review-${step.key}`}>
            <div className="review-step-head">
              <h2 id={`review-${step.key}`}>
                <StepIcon name={step.icon} /> {t(step.title)}
              </h2>
              <Link className="button-secondary" to={`/${calc}/calculator#${i + 1}`}>
                {t('app.note_page.modify')}
                <span className="visually-hidden"> : {t(step.title)}</span>
              </Link>
            </div>
            <StepSummary step={step} />
          </section>
        ) : null,
      )}
      <footer className="wizard-footer">
        <Link className="button-secondary" to={`/${calc}/calculator`}>
          {t('app.back_to_data')}
        </Link>
        <button type="button" className="button-primary" onClick={() => void navigate(`/${calc}/results`)}>
          {t(bundle.submit ?? 'common.submit')}
        </button>
      </footer>
    </main>
  );
}
