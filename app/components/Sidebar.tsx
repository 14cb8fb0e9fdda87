import { useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { SidebarEntry } from '../../engine';
import defaultLogo from '../assets/logo.svg';

/**
 * The calculator's side menu: the bundle's entries (pages, the new project action; admin-only ones for
 * admins); the home of calculators when the deployment offers several; in admin mode, the admin's
 * sign-in or sign-out.
 */
export function Sidebar({
  calc,
  t,
  entries,
  embedded,
  onNew,
  home,
  account,
  brand,
}: {
  calc: string;
  t: (k: string) => string;
  entries: SidebarEntry[];
  embedded: boolean;
  onNew: () => void;
  home: boolean;
  /** the admin's sign-out, or the sign-in that comes back to the page shown (its ?id= included) */
  account: { admin: boolean; signIn: string; onLogout: () => void } | null;
  brand?: { name: string | null; logo: string | null } | undefined;
}) {
  // Under 768 px the menu folds behind a button (styles.css); it closes again on each navigation.
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [at, setAt] = useState(location.pathname);
  if (at !== location.pathname) {
    setAt(location.pathname);
    setOpen(false);
  }
  return (
    <nav className={`sidebar${open ? ' sidebar-open' : ''}`} aria-label={t('app.menu')}>
      {embedded ? null : (
        <div className="sidebar-brand">
          <img className="sidebar-logo" src={brand?.logo ?? defaultLogo} alt="" width="40" height="40" />
          <span className="sidebar-name">{brand?.name ?? t('app.home_page.title')}</span>
        </div>
      )}
      <button
        type="button"
        className="sidebar-toggle"
        aria-expanded={open}
        aria-controls="sidebar-links"
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">☰</span> {t('app.menu')}
      </button>
      <ul id="sidebar-links">
        {home ? (
          <li>
            <NavLink to="/home">{t('app.account.home')}</NavLink>
          </li>
        ) : null}
        {entries.map((e) => (
          <li key={e.label}>
            {e.page ? (
              <NavLink to={`/${calc}/${e.page}`}>{t(e.label)}</NavLink>
            ) : (
              <button type="button" onClick={onNew}>
                {t(e.label)}
              </button>
            )}
          </li>
        ))}
        {account ? (
          <li className="sidebar-account">
            {account.admin ? (
              <button type="button" onClick={account.onLogout}>
                {t('app.account.logout')}
              </button>
            ) : (
              <NavLink to={account.signIn}>{t('app.account.login')}</NavLink>
            )}
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
