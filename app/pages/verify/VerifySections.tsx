import type { Verification } from '../../api/verify';
import { dateText } from '../../../words/dates';
import { VerifyDetails, VerifyKeyFigures, VerifyVerdicts } from './VerifyFigures';

/**
 * The sections of the verification page of an issued note (VerifyPage): the note as issued, its
 * comparison with the same answers calculated today, the project's answers. Exports `VerifyNote`,
 * `VerifyComparison` and `VerifyAnswers`.
 */
type T = (k: string, p?: Record<string, unknown>) => string;
type Issued = Extract<Verification, { status: 'issued' }>;

/** The note as issued: calculator, project, place, date, method and climate data. */
export function VerifyNote({ v, t, locale }: { v: Issued; t: T; locale: string }) {
  return (
    <section className="card verify-card" aria-labelledby="verify-note">
      <h2 id="verify-note">{t('app.verify.issued_title')}</h2>
      <dl className="verify-facts">
        <div>
          <dt>{t('app.verify.product')}</dt>
          <dd>{v.product}</dd>
        </div>
        <div>
          <dt>{t('app.verify.project')}</dt>
          <dd>
            {[v.name, v.number ? t('app.verify.number', { no: v.number }) : ''].filter(Boolean).join(' · ')}
          </dd>
        </div>
        {v.place ? (
          <div>
            <dt>{t('app.verify.place')}</dt>
            <dd>{v.place}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('app.verify.issued_on')}</dt>
          <dd>{dateText(v.issued_on, locale)}</dd>
        </div>
        <div>
          <dt>{t('app.verify.method')}</dt>
          <dd>{v.method.issued || t('app.verify.not_calculated')}</dd>
        </div>
        {v.climate ? (
          <div>
            <dt>{t('app.verify.climate')}</dt>
            <dd>{v.climate}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/**
 * The verdicts and the figures as issued and today, then the outcome: the same figures, or each
 * difference and the method changes since the note.
 */
export function VerifyComparison({ v, t }: { v: Issued; t: T }) {
  return (
    <>
      <VerifyVerdicts v={v} t={t} />
      <section className="card verify-card" aria-labelledby="verify-figures">
        <h2 id="verify-figures">{t('app.verify.figures')}</h2>
        <VerifyKeyFigures v={v} t={t} />
        <VerifyDetails v={v} t={t} />
        <div
          className={`notice ${v.same ? 'notice-success' : 'notice-warning'} verify-verdict`}
          role="status"
          data-same={v.same ? 'yes' : 'no'}
        >
          {v.same ? (
            <p>{t('app.verify.same', { method: v.method.today })}</p>
          ) : !v.recalculated ? (
            <p>{t('app.verify.not_recalculated')}</p>
          ) : (
            <>
              <p>{t('app.verify.differs', { method: v.method.today })}</p>
              {v.changes.length ? (
                <ul className="verify-changes" id="verify-changes">
                  {v.changes.map((c) => (
                    <li key={c.version}>{c.text}</li>
                  ))}
                </ul>
              ) : (
                <p>{t('app.verify.no_change')}</p>
              )}
            </>
          )}
        </div>
      </section>
    </>
  );
}

/** The project's answers, step by step (the client's only when the author shows them). */
export function VerifyAnswers({ v, t }: { v: Issued; t: T }) {
  if (!v.sections.length) return null;
  return (
    <section className="card verify-card" aria-labelledby="verify-answers">
      <h2 id="verify-answers">{t('app.verify.answers')}</h2>
      {v.sections.map((s) => (
        <div key={s.title} className="verify-section">
          <h3>{s.title}</h3>
          <dl className="verify-facts">
            {s.items.map((x, i) => (
              <div key={`${x.label}-${i}`}>
                <dt>{x.label}</dt>
                {x.value ? <dd>{x.value}</dd> : null}
              </div>
            ))}
          </dl>
        </div>
      ))}
    </section>
  );
}
