import { NavLink } from 'react-router-dom';

/** The calculator's side menu: calculator, new project, history (admins only for sl), results, note. */
export function Sidebar({
  calc,
  t,
  showHistory,
  embedded,
  onNew,
}: {
  calc: string;
  t: (k: string) => string;
  showHistory: boolean;
  embedded: boolean;
  onNew: () => void;
}) {
  return (
    <nav className="sidebar" aria-label={t('app.menu')}>
      {embedded ? null : <div className="sidebar-logo" aria-hidden="true" />}
      <ul>
        <li>
          <NavLink to={`/${calc}/calculator`}>{t('app.calculator')}</NavLink>
        </li>
        <li>
          <button type="button" onClick={onNew}>
            {t('app.new_project')}
          </button>
        </li>
        {showHistory ? (
          <li>
            <NavLink to={`/${calc}/history`}>{t('app.history')}</NavLink>
          </li>
        ) : null}
        {calc === 'sl' ? null : (
          <>
            <li>
              <NavLink to={`/${calc}/results`}>{t('app.results')}</NavLink>
            </li>
            <li>
              <NavLink to={`/${calc}/note`}>{t('app.note')}</NavLink>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}
