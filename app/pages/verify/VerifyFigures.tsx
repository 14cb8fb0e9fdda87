import type { VerdictWords, Verification, VerifyDetail, VerifyFigure } from '../../api/verify';

/**
 * The verification page's comparison (issues 36 and 37): the verdicts as issued and as recalculated, the
 * key figures side by side, the other figures of the note that differ, styled as the results are (a
 * figure and its unit on one line, a table wider than a phone scrolls in its region). Exports
 * `VerifyVerdicts`, `VerifyKeyFigures` and `VerifyDetails`.
 */
type T = (k: string, p?: Record<string, unknown>) => string;
type Issued = Extract<Verification, { status: 'issued' }>;

/** The method changes a difference points to: their versions, as a note under the difference. */
function Explained({ v, t }: { v: Issued; t: T }) {
  if (!v.changes.length) return null;
  return (
    <a className="verify-explained" href="#verify-changes">
      {t('app.verify.explained', {
        versions: v.changes.map((c) => c.version.replace(/\.0$/, '')).join(', '),
      })}
    </a>
  );
}

/** A verdict's status in words, toned, then its sentences (or, `same`, that they are the note's). */
function Verdict({ words, same }: { words: VerdictWords; same?: string }) {
  return (
    <>
      <strong className={`verify-status verify-status-${words.tone}`}>{words.words}</strong>
      {same ? (
        <p className="verify-verdict-line">{same}</p>
      ) : (
        words.lines.map((l, i) => (
          <p key={i} className="verify-verdict-line">
            {l}
          </p>
        ))
      )}
    </>
  );
}

/** The verdicts as issued and as recalculated today, one row each. */
export function VerifyVerdicts({ v, t }: { v: Issued; t: T }) {
  if (!v.verdicts.length) return null;
  return (
    <section className="card verify-card" aria-labelledby="verify-verdicts">
      <h2 id="verify-verdicts">{t('app.verify.verdicts')}</h2>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t('app.verify.verdicts_table')}>
        <table className="results-table verify-table verify-verdicts">
          <thead>
            <tr>
              <th scope="col">{t('app.verify.verdict')}</th>
              <th scope="col">{t('app.verify.as_issued')}</th>
              <th scope="col">{t('app.verify.today')}</th>
            </tr>
          </thead>
          <tbody>
            {v.verdicts.map((x) => (
              <tr key={x.key} className={x.differs ? 'verify-differs' : undefined} data-verdict={x.key}>
                <th scope="row">{x.label}</th>
                <td data-side="issued" data-label={t('app.verify.as_issued')}>
                  <Verdict words={x.issued} />
                </td>
                <td data-side="today" data-label={t('app.verify.today')}>
                  {x.today ? (
                    <Verdict
                      words={x.today}
                      {...(x.differs ? {} : { same: t('app.verify.same_as_issued') })}
                    />
                  ) : (
                    '–'
                  )}
                  {x.differs ? <Explained v={v} t={t} /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A row of figures: its label, as issued, today with the difference and what explains it. */
function FigureRow({ f, v, t }: { f: VerifyFigure | (VerifyDetail & { differs?: true }); v: Issued; t: T }) {
  const differs = 'key' in f ? f.differs : true;
  return (
    <tr className={differs ? 'verify-differs' : undefined} data-figure={'key' in f ? f.key : undefined}>
      <th scope="row">{'where' in f && f.where ? `${f.where} · ${f.label}` : f.label}</th>
      <td data-label={t('app.verify.as_issued')}>{f.issued}</td>
      <td data-label={t('app.verify.today')}>
        {f.today ?? '–'}
        {f.delta ? <span className="verify-delta"> ({f.delta})</span> : null}
        {differs ? <Explained v={v} t={t} /> : null}
      </td>
    </tr>
  );
}

/** A table of figures as issued and today. */
function FiguresTable({
  rows,
  v,
  t,
  label,
}: {
  rows: (VerifyFigure | VerifyDetail)[];
  v: Issued;
  t: T;
  label: string;
}) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="results-table figures-table verify-table">
        <thead>
          <tr>
            <th scope="col">{t('app.verify.figure')}</th>
            <th scope="col">{t('app.verify.as_issued')}</th>
            <th scope="col">{t('app.verify.today')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((f, i) => (
            <FigureRow key={`${'key' in f ? f.key : f.where}-${f.label}-${i}`} f={f} v={v} t={t} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The key figures as issued and as recalculated today. */
export function VerifyKeyFigures({ v, t }: { v: Issued; t: T }) {
  if (!v.figures.length) return null;
  return <FiguresTable rows={v.figures} v={v} t={t} label={t('app.verify.figures_table')} />;
}

/** The other figures the note prints: those that differ, or that they are all the same. */
export function VerifyDetails({ v, t }: { v: Issued; t: T }) {
  const { compared, differing } = v.details;
  if (!v.recalculated || compared === 0) return null;
  if (!differing.length)
    return (
      <p className="verify-details-same" data-compared={compared}>
        {t('app.verify.details_same', { count: compared })}
      </p>
    );
  const title = t('app.verify.details_differ', { count: differing.length, total: compared });
  return (
    <div className="verify-details">
      <h3>{title}</h3>
      <FiguresTable rows={differing} v={v} t={t} label={title} />
    </div>
  );
}
