import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { StepIcon } from '../../renderers/StepIcon';
import { StepSummary } from '../components/StepSummary';
import { ProjectName } from '../components/ProjectName';
import { useFrame } from '../frame';
import { useFrameWizard } from '../state/useWizard';
import { ProjectNotice } from './calculator/ProjectNotice';
import { useProjectSave } from './calculator/useProjectSave';
import { stepPath } from './calculator/useStepRoute';
import { preloadNext } from './preloadNext';
import { calculatorPath, resultsPath } from '../projectPaths';

/**
 * Check your answers (a bundle's `review`): every step's answers, as the form holds them, with a link back
 * to change them, then the button that saves them and runs the calculation, as the wizard's last step
 * does: answers changed since the last save (a step changed, then the browser's Back) are said, and saved
 * first; a save that fails says why and stays here. An incomplete project goes back to the wizard (its
 * loader, before the page is drawn).
 */
export function ReviewPage() {
  const { calc, calculator, t } = useFrame();
  const w = useFrameWizard();
  const bundle = calculator.bundle;
  const navigate = useNavigate();
  const saving = useProjectSave();
  const review = bundle.review;
  // the page's one way on is Calculate: the results' and the charts' code comes meanwhile (a Submit made
  // before the wizard's idle moment left it behind)
  useEffect(() => preloadNext(bundle, 300), [bundle]);
  // its loader (reviewLoader) sent a bundle without a review, or a project that cannot be calculated yet,
  // to the wizard
  if (!review) return null;
  const submit = async (asNew = false) => {
    const r = w.submit();
    // the wizard shows what to complete
    if (!r.valid) return void navigate(`/${calc}/calculator`, { replace: true });
    const id = asNew ? await saving.saveAsNew(r.statuses) : await saving.save(r.statuses);
    if (id) void navigate(resultsPath(calc, id));
  };
  const unsaved = w.unsaved();
  return (
    <main className="page page-review">
      <h1>{t(review.title)}</h1>
      <ProjectName page={t(review.title)} />
      <p>{t(review.intro)}</p>
      {unsaved && saving.notice?.kind !== 'saved' ? (
        <p className="notice notice-warning" role="status">
          {t('app.review_unsaved', { submit: t(bundle.submit ?? 'common.submit') })}
        </p>
      ) : null}
      <ProjectNotice
        notice={saving.notice}
        busy={saving.busy}
        onSaveAsNew={() => void submit(true)}
        onOpen={(to, id) => void navigate(calculatorPath(to, id))}
        onReload={(id) => void navigate(calculatorPath(calc, id))}
      />
      {w.state.steps.map((step, i) =>
        step.cards.length > 0 ? (
          <section key={step.key} className="review-step" aria-labelledby={`review-${step.key}`}>
            <div className="review-step-head">
              <h2 id={`review-${step.key}`}>
                <StepIcon name={step.icon} /> {t(step.title)}
              </h2>
              <Link className="button-secondary" to={stepPath(calc, i)}>
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
        <button type="button" className="button-primary" disabled={saving.busy} onClick={() => void submit()}>
          {saving.busy ? t('app.saving') : t(bundle.submit ?? 'common.submit')}
        </button>
      </footer>
    </main>
  );
}
