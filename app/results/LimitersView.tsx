import { numberText } from '../../words/numberText';
import { isFlowLimiterResults, type Results } from '../../words/results';
import type { Article, Limiter } from '../../words/results/flow-limiter';
import { useFrame } from '../frame';
import { EntriesTable, KeyFigures } from './FiguresViews';

/**
 * The limiters of a flow-limiter calculation (the `limiters` result view): each roof's figures and the
 * key figures as the bundle declares them (figures.entries, figures.site), written by their formats; with
 * `quote`, the admin's view: the recommended Retentio column, the orifice diameter and the quote's
 * articles added up.
 */

/** Roofs an article of the quote names in its row; past them, their count and the names folded. */
const ROOFS_NAMED = 3;

/**
 * The quote: every article of every roof added up (each Slowli kit counts once per drain, Retentio by
 * the roof surface in m²), with the roofs each one comes from.
 */
function ArticlesTable({ limiters }: { limiters: Limiter[] }) {
  const { t, locale } = useFrame();
  const totals = new Map<string, Article & { roofs: string[] }>();
  for (const l of limiters)
    for (const a of l.articles) {
      const cur = totals.get(a.divalto_id) ?? { ...a, quantity: 0, roofs: [] };
      cur.quantity += a.quantity;
      cur.roofs.push(l.roof_name);
      totals.set(a.divalto_id, cur);
    }
  if (!totals.size) return null;
  // the caption above the scroll region, where it wraps to the screen (inside, centred on the table's
  // width, a phone cut it); the table keeps it for screen readers
  return (
    <>
      <p className="table-caption" aria-hidden="true">
        {t('app.sl_results.totals_caption')}
      </p>
      <div
        className="table-scroll"
        tabIndex={0}
        role="region"
        aria-label={t('app.sl_results.totals_caption')}
      >
        <table className="results-table">
          <caption className="visually-hidden">{t('app.sl_results.totals_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('app.sl_results.article')}</th>
              <th scope="col">{t('app.sl_results.roof')}</th>
              <th scope="col">{t('app.sl_results.quantity')}</th>
            </tr>
          </thead>
          <tbody>
            {[...totals.values()].map((a) => (
              <tr key={a.divalto_id}>
                <th scope="row">
                  {a.name} <span className="chart-note">({a.divalto_id})</span>
                </th>
                <td>
                  {a.roofs.length > ROOFS_NAMED ? (
                    // many roofs: their count, the names on demand (thirty long names made a cell of a
                    // whole screen on a phone)
                    <details>
                      <summary>{t('app.sl_results.roofs', { count: a.roofs.length })}</summary>
                      <span>{a.roofs.join(', ')}</span>
                    </details>
                  ) : (
                    a.roofs.join(', ')
                  )}
                </td>
                <td>
                  {numberText(a.quantity, locale, 2)} {t(`app.sl_results.article_units.${a.unit}`)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The `limiters` view: the roofs' table, the key figures, and with `quote` the admin's extras. */
export function LimitersView({ r, quote }: { r: Results; quote: boolean }) {
  const { t, calculator } = useFrame();
  if (!isFlowLimiterResults(r)) return null;
  const limiters = r.limiters;
  const retentio = (i: number) => {
    const l = limiters[i];
    // a word either way: a blank cell reads as not yet known (issue 37.9)
    return t(
      l && (l.recommended_retentio || l.articles.some((a) => a.type === 'retentio'))
        ? 'common.yes'
        : 'common.no',
    );
  };
  return (
    <>
      {r.leakage_conform === false && !r.verdict ? (
        <p role="alert" className="notice notice-warning">
          {t('app.sl_results.leakage_excess', { diameter: r.diameter ?? '', excess: r.leakage_excess_pct })}
        </p>
      ) : null}
      {(calculator.bundle.figures.entries ?? []).map((def) => (
        <EntriesTable
          key={def.key}
          def={def}
          results={r}
          caption={t('app.sl_results.limiters')}
          {...(quote ? { extra: { head: t('app.sl_results.retentio'), cell: retentio } } : {})}
        />
      ))}
      {quote ? <ArticlesTable limiters={limiters} /> : null}
      <KeyFigures results={r} hidden={quote} />
    </>
  );
}
