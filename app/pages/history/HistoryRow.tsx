import { useNavigate } from 'react-router-dom';
import { calculatorPath } from '../../projectPaths';
import { evaluate, getPath, truthy } from '../../../engine';
import { dateTimeText } from '../../../words/dates';
import { apiPath } from '../../calculators';
import { MenuButton } from '../../../renderers/MenuButton';
import { useFrame } from '../../frame';
import { rowFacts, titleOf, variantName, type RowPick, type ShownRow } from './rows';

/** One project of the history: its cells, its badges and link in the first, its menu last. */
export function HistoryRow({
  row: { p, size, variant, short },
  onPick,
}: {
  row: ShownRow;
  onPick: (pick: RowPick) => void;
}) {
  const { calc, calculator, t, admin, locale } = useFrame();
  const { history } = calculator.bundle;
  const navigate = useNavigate();
  const open = () => void navigate(calculatorPath(calc, p.id));
  const facts = rowFacts(p, admin, size);
  const declared = history.badges
    .filter((b) => b.when === undefined || truthy(evaluate(b.when, facts)))
    .map((b) => ({
      label: t(String(evaluate(b.label, facts)), facts),
      tone: String(evaluate(b.tone, facts)),
    }));
  const badges = size > 1 && !short ? [{ label: variantName(p, t), tone: 'variant' }, ...declared] : declared;
  return (
    <tr className={variant ? 'history-row history-variant' : 'history-row'} onClick={open}>
      {history.columns.map((c, i) => {
        const v = getPath(p, c.path);
        const text = v === null || v === undefined ? '' : String(v);
        return (
          <td
            key={c.key}
            data-label={i === 0 ? undefined : t(c.label)}
            className={c.format === 'date' ? 'history-date' : undefined}
          >
            {i === 0 ? (
              <>
                {badges.map((b) => (
                  <span key={b.tone + b.label}>
                    <span className={`badge badge-${b.tone}`}>{b.label}</span>{' '}
                  </span>
                ))}
                <a
                  href={`/client${calculatorPath(calc, p.id)}`}
                  onClick={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    open();
                  }}
                >
                  {short ? variantName(p, t) : p.name || t('app.history_page.unnamed')}
                </a>
              </>
            ) : c.format === 'date' ? (
              dateTimeText(text, locale)
            ) : (
              text
            )}
          </td>
        );
      })}
      {history.actions.length > 0 ? (
        <td onClick={(e) => e.stopPropagation()} className="row-menu">
          <MenuButton
            className="row-menu-wrap"
            label={t('app.history_page.options')}
            items={history.actions
              .filter((a) => a.when === undefined || truthy(evaluate(a.when, facts)))
              .map((a) =>
                a.href
                  ? { label: t(a.label), href: apiPath(calculator, a.href, p.id) }
                  : {
                      label: t(a.label),
                      onSelect: () => onPick({ row: p, action: a, size, title: titleOf(p, size, t) }),
                    },
              )}
          />
        </td>
      ) : null}
    </tr>
  );
}
