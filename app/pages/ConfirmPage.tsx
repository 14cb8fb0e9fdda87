import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { calculatorPath } from '../projectPaths';
import type { ConfirmLoad } from '../pageLoaders';
import { apiErrorText } from '../api/http';
import { useFrame } from '../frame';
import { SentList, sentSummary } from '../results/sentSummary';

/**
 * /:calc/confirm?id=: the thank-you page of a project sent to the sales team (the results' submit panel
 * opens it), at its own address: its reference, what happens next and a copy of what was sent, read from
 * the stored project, so that a reload or a bookmark shows it again. The file attached is named when the
 * page was opened by the sending (it rides in the history entry). A project this browser cannot reach
 * says so, with a way back to the calculator.
 */
export function ConfirmPage() {
  const { calc, t, locale } = useFrame();
  const load = useLoaderData() as ConfirmLoad;
  const file = (useLocation().state as { file?: string } | null)?.file;
  const openIt = calculatorPath(calc, load.id);
  if (!load.project || !load.state)
    return (
      <main className="page page-confirm">
        <h1>{t('app.sl_results.sent_title')}</h1>
        <div role="alert" className="notice notice-error">
          <p>{load.error?.status === 404 ? t('app.sl_results.sent_unknown') : apiErrorText(load.error, t)}</p>
          <Link className="button-secondary" to={`/${calc}/calculator`}>
            {t('app.back_to_calculator')}
          </Link>
        </div>
      </main>
    );
  const { lines, email } = sentSummary(load.state, t, locale);
  const comment = load.project.comment?.trim();
  const copy = [
    ...lines,
    ...(comment ? [{ key: 'comment', label: t('app.sl_results.copy_comment'), value: comment }] : []),
    ...(file ? [{ key: 'file', label: t('app.sl_results.copy_file'), value: file }] : []),
  ];
  return (
    <main className="page page-confirm">
      <h1>{t('app.sl_results.sent_title')}</h1>
      <div className="thanks card card-single" role="status">
        <p>
          <strong>{t('app.sl_results.thanks')}</strong>
        </p>
        <p>{t('app.sl_results.reference', { reference: load.project.reference ?? load.id })}</p>
        <p>
          {t('app.sl_results.next_step', {
            email: email ? t('app.sl_results.next_step_email', { email }) : '',
          })}
        </p>
        <section aria-labelledby="sent-copy" className="sent-copy">
          <h2 id="sent-copy">{t('app.sl_results.sent_copy')}</h2>
          <SentList lines={copy} />
        </section>
        <p className="thanks-actions">
          <Link className="button-primary" to={`/${calc}/calculator`}>
            {t('app.sl_results.new_project')}
          </Link>
          <Link className="button-secondary" to={openIt}>
            {t('app.sl_results.review_sent')}
          </Link>
          <button type="button" className="button-secondary" onClick={() => window.print()}>
            {t('app.sl_results.print_copy')}
          </button>
        </p>
      </div>
    </main>
  );
}
